/**
 * The trips API as the allocation screens read it (docs/api.md, Trips): each shape is the server's
 * schema (server/allocation/schemas.ts), imported as a type only, and its parts named here.
 */
import type {
  BoardWire,
  CalculatorWire,
  StopsWire,
  TransfersWire,
  TripDetailWire,
  TripWire,
} from '../../../../server/allocation/schemas.js';

export type Trip = TripWire;
export type TripKind = Trip['kind'];
export type Warning = Trip['warnings'][number];

export type TripDetail = TripDetailWire;
export type Stop = TripDetail['stops'][number];

export type Board = BoardWire;
export type DirectionGroup = Board['unallocated'][number];
export type BoardDelivery = DirectionGroup['deliveries'][number];

export type Transfers = TransfersWire;
export type TransferDemand = Transfers['demand'][number];

export type Calculator = CalculatorWire;
export type CalculatorDirection = Calculator['directions'][number];
/** A type the calculator counts vehicles in, with how many of it the center has. */
export type CalculatorVehicleType = Calculator['vehicle_types'][number];
export type CalculatorProposal = Calculator['proposal'][number];

/** A trip's deliveries in the shape `PUT …/stops` takes. */
export type StopEntry = StopsWire['stops'][number];

import type { MasterDefinition } from './definition.js';
import { customerMaster } from './customer.js';
import { deliveryCompanyMaster } from './delivery-company.js';
import { deliveryDestinationMaster } from './delivery-destination.js';
import { departmentMaster } from './department.js';
import { directionBaseMaster } from './direction-base.js';
import { directionMaster } from './direction.js';
import { districtMaster } from './district.js';
import { driverMaster } from './driver.js';
import { operationTimeMaster } from './operation-time.js';
import { unitPriceMaster } from './unit-price.js';
import { userMaster } from './user.js';
import { vehicleTypeMaster } from './vehicle-type.js';
import { vehicleMaster } from './vehicle.js';

/** Every master, served by the generic routes and the command-line importer. */
export const MASTERS: MasterDefinition[] = [
  departmentMaster,
  deliveryCompanyMaster,
  vehicleTypeMaster,
  vehicleMaster,
  userMaster,
  driverMaster,
  deliveryDestinationMaster,
  districtMaster,
  directionMaster,
  directionBaseMaster,
  operationTimeMaster,
  customerMaster,
  unitPriceMaster,
];

import { type TripPlaces, tripKm } from '../../common/places.js';
import { formatDate } from '../../common/time.js';
import type { TripKind } from '../../db/types.js';
import { tripStops } from '../allocation/repository.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import type { ReportContext } from './context.js';
import { reportHtml, sendPdf } from './files.js';
import { type BilledTrip, billedTrips } from './repository.js';
import { fileName, reportHeading } from './rules.js';

/**
 * 請求書 (store deliveries, transfers between centers): per delivery company and month, its completed
 * trips charged at the unit price of the trip's vehicle type and day, in the qualified-invoice format
 * (適格請求書: the issuer's registration number, the amount and the tax per rate, the recipient).
 */

/** Consumption tax: 10 %, rounded down once per invoice and rate. */
export const TAX_RATE = 10;

const INVOICES = {
  'invoice-store-directly': { kinds: ['store_direct'], priceKind: 1, code: 'S' },
  'invoice-between-center': { kinds: ['between_centers_before', 'between_centers_today'], priceKind: 0, code: 'C' },
} as const satisfies Record<string, { kinds: TripKind[]; priceKind: number; code: string }>;
export type InvoiceSlug = keyof typeof INVOICES;

/** A trip's charge: the price per trip plus the price per km times its km (to 0.1 km), in whole yen; null without a unit price. */
export function tripCharge(price: { price_per_trip: number | null; price_per_km: number | null }, km: number | null) {
  const distance = km === null ? null : Math.round(km * 10) / 10;
  if (price.price_per_trip === null) return { km: distance, base: null, byDistance: null, amount: null };
  const byDistance = distance === null || price.price_per_km === null ? 0 : Math.round(price.price_per_km * distance);
  return { km: distance, base: price.price_per_trip, byDistance, amount: price.price_per_trip + byDistance };
}

/** The amount before tax, the tax (rounded down) and the total of the charged lines. */
export function invoiceTotals(amounts: (number | null)[]) {
  const subtotal = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  const tax = Math.floor((subtotal * TAX_RATE) / 100);
  return { subtotal, tax, total: subtotal + tax };
}

const yen = (value: number | null) => (value === null ? '' : `¥${value.toLocaleString('ja-JP')}`);

/** The places a trip's km is estimated from: a transfer goes to the other center and back. */
function placesOf(trip: BilledTrip, stops: Map<number, TripPlaces['stops']>): TripPlaces {
  const origin = { origin_latitude: trip.origin_latitude, origin_longitude: trip.origin_longitude };
  if (trip.kind !== 'store_direct') return { ...origin, stops: [{ seq: 1, latitude: trip.destination_latitude, longitude: trip.destination_longitude }] };
  return { ...origin, stops: stops.get(trip.id) ?? [] };
}

function lineOf(t: Translate, trip: BilledTrip, places: TripPlaces) {
  const charge = tripCharge(trip, tripKm(places));
  const content =
    trip.kind === 'store_direct'
      ? [trip.route_name, trip.direction_name].filter(Boolean).join(' ／ ')
      : `${trip.origin_name ?? trip.department_name} → ${trip.destination_name ?? ''}`;
  return {
    date: formatDate(trip.date),
    center: trip.department_name,
    trip: t('reports.deliveryOperation.tripNo', { no: trip.trip_no }),
    vehicle: [trip.vehicle_number, trip.vehicle_type_name].filter(Boolean).join(' ／ '),
    content,
    km: charge.km === null ? '—' : charge.km.toFixed(1),
    base: yen(charge.base),
    byDistance: yen(charge.byDistance),
    amount: charge.amount,
    amountText: charge.amount === null ? t('reports.invoice.noPrice') : yen(charge.amount),
  };
}

function invoiceOf(context: ReportContext, trips: BilledTrip[], stops: Map<number, TripPlaces['stops']>) {
  const { t } = context.request;
  const invoice = INVOICES[context.slug as InvoiceSlug];
  const [first] = trips as [BilledTrip];
  const lines = trips.map((trip) => lineOf(t, trip, placesOf(trip, stops)));
  const totals = invoiceTotals(lines.map((line) => line.amount));
  const month = context.period.from.slice(0, 7);
  return {
    number: `${first.company_code}-${month.replace('-', '')}-${invoice.code}`,
    issuedOn: formatDate(context.period.to),
    client: t('reports.invoice.to', { name: first.client_name }),
    subject: t('reports.invoice.subject', { month: `${month.slice(0, 4)}年${Number(month.slice(5))}月` }),
    issuer: {
      name: first.company_name,
      address: [first.company_postal_code ? `〒${first.company_postal_code}` : '', first.company_address ?? ''].filter(Boolean).join(' '),
      phone: first.company_phone ?? '',
      registration: first.invoice_registration_number,
    },
    lines,
    missing: lines.filter((line) => line.amount === null).length,
    subtotal: yen(totals.subtotal),
    tax: yen(totals.tax),
    total: yen(totals.total),
  };
}

export async function invoices(context: ReportContext) {
  const { t } = context.request;
  const invoice = INVOICES[context.slug as InvoiceSlug];
  const trips = await billedTrips(context.app.db, context.request.actor, context.period, context.filters, [...invoice.kinds], invoice.priceKind);
  if (trips.length === 0) throw new AppError(404, 'reports.errors.nothingToBill');
  const stops = context.slug === 'invoice-store-directly' ? await tripStops(context.app.db, trips.map((trip) => trip.id)) : new Map();
  const byCompany = new Map<number, BilledTrip[]>();
  for (const trip of trips) {
    const list = byCompany.get(trip.delivery_company_id!);
    if (list) list.push(trip);
    else byCompany.set(trip.delivery_company_id!, [trip]);
  }
  const title = t(context.slug === 'invoice-store-directly' ? 'reports.invoice.titleStore' : 'reports.invoice.titleTransfer');
  const html = reportHtml('invoice', {
    lang: context.request.locale,
    title,
    labels: t('reports.invoice', { returnObjects: true }),
    printed: reportHeading(context, title).lines.slice(1).join('　'),
    taxRate: TAX_RATE,
    invoices: [...byCompany.values()].map((companyTrips) => invoiceOf(context, companyTrips, stops)),
  });
  return sendPdf(context.reply, context.app.pdf, html, fileName(context.slug, context.period, 'pdf'));
}

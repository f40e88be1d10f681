import { formatDate } from '../../common/time.js';
import type { TripKind } from '../../db/types.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import { reportHtml } from './files.js';
import { pdfFile, type ReportContext } from './report.js';
import { type BilledTrip, billedTrips } from './repository.js';
import { groupBy, reportHeading } from './rules.js';
import { tripCharge, tripKms } from './trip-costs.js';

/**
 * 請求書 (store deliveries, transfers between centers): per delivery company and month, its completed
 * trips charged at the unit price of the trip's vehicle type and day, in the qualified-invoice format
 * (適格請求書: the issuer's registration number, the amount and the tax per rate, the recipient).
 */

/** Consumption tax: 10 %, rounded down once per invoice and rate. */
export const TAX_RATE = 10;

const INVOICES = {
  'invoice-store-directly': { kinds: ['store_direct'], code: 'S' },
  'invoice-between-center': { kinds: ['between_centers_before', 'between_centers_today'], code: 'C' },
} as const satisfies Record<string, { kinds: TripKind[]; code: string }>;
export type InvoiceSlug = keyof typeof INVOICES;

/** The amount before tax, the tax (rounded down) and the total of the charged lines. */
export function invoiceTotals(amounts: (number | null)[]) {
  const subtotal = amounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0);
  const tax = Math.floor((subtotal * TAX_RATE) / 100);
  return { subtotal, tax, total: subtotal + tax };
}

const yen = (value: number | null) => (value === null ? '' : `¥${value.toLocaleString('ja-JP')}`);

function lineOf(t: Translate, trip: BilledTrip, km: number | null) {
  const charge = tripCharge(trip, km);
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

/** A month (`YYYY-MM`) for the subject line in either language: 2026年11月, November 2026. */
function monthWords(month: string) {
  const [year, number] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const monthName = new Date(Date.UTC(year, number - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return { year, month: number, monthName };
}

function invoiceOf(context: ReportContext, trips: BilledTrip[], kms: Map<number, number | null>) {
  const { t } = context.request;
  const invoice = INVOICES[context.slug as InvoiceSlug];
  const [first] = trips as [BilledTrip];
  const lines = trips.map((trip) => lineOf(t, trip, kms.get(trip.id) ?? null));
  const totals = invoiceTotals(lines.map((line) => line.amount));
  const month = context.period.from.slice(0, 7);
  return {
    number: `${first.company_code}-${month.replace('-', '')}-${invoice.code}`,
    issuedOn: formatDate(context.period.to),
    client: t('reports.invoice.to', { name: first.client_name }),
    subject: t('reports.invoice.subject', monthWords(month)),
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
  const trips = await billedTrips(context.db, context.request.actor, context.period, context.filters, [...invoice.kinds]);
  if (trips.length === 0) throw new AppError(404, 'reports.errors.nothingToBill');
  const kms = await tripKms(context.db, trips);
  const byCompany = groupBy(trips, (trip) => trip.delivery_company_id!);
  const title = t(context.slug === 'invoice-store-directly' ? 'reports.invoice.titleStore' : 'reports.invoice.titleTransfer');
  const html = reportHtml('invoice', {
    lang: context.request.locale,
    title,
    labels: t('reports.invoice', { returnObjects: true }),
    printed: reportHeading(context, title).lines.slice(1).join('　'),
    taxRate: TAX_RATE,
    invoices: [...byCompany.values()].map((companyTrips) => invoiceOf(context, companyTrips, kms)),
  });
  return pdfFile(html);
}

import { tripLabel } from '../../common/allocation.js';
import { DELIVERY_COLUMNS } from '../../common/deliveries.js';
import { formatDate, formatDateTime } from '../../common/time.js';
import type { Translate } from '../i18n.js';
import type { DeliveryRowData } from './repository.js';

/** The delivery list's rows as files show them (its CSV export, the daily report's sheet): the list's columns, its labels, its formats. */

export const exportHeader = (t: Translate) => DELIVERY_COLUMNS.map((column) => t(`deliveries.fields.${column}`));

/** One export cell per list column, as the screen shows it. */
export function exportCells(t: Translate, row: DeliveryRowData): (string | number | null)[] {
  return DELIVERY_COLUMNS.map((column) => {
    switch (column) {
      case 'date':
        return formatDate(row.date);
      case 'status':
        return t(`deliveries.status.${row.status}`);
      case 'delivery_delay_status':
        return t(`deliveries.delayStatus.${row.delivery_delay_status}`);
      case 'load_unit':
        return t(`deliveries.loadUnit.${row.load_unit}`);
      case 'delivery_route':
        return row.trip_no === null ? null : tripLabel({ route_name: row.route_name, trip_no: row.trip_no }, t);
      case 'estimated_arrival_time':
      case 'report_time':
      case 'updated_at':
        return formatDateTime(row[column]);
      default:
        return row[column] ?? null;
    }
  });
}

/** /between-centers-today: same-day changes to transfers between centers. */
import { BetweenCenters } from './between-centers.js';

export default function BetweenCentersToday() {
  return <BetweenCenters kind="between_centers_today" />;
}

/** /between-centers-before: tomorrow's transfers between centers. */
import { BetweenCenters } from './between-centers.js';

export default function BetweenCentersBefore() {
  return <BetweenCenters kind="between_centers_before" />;
}

import { Progress, Tooltip } from 'antd';
import { capacityColour } from '../../../../common/allocation.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { fleetFill, type ShownLoad } from './board-logic.js';
import { formatNumber } from './labels.js';
import { BAR_COLOURS } from './load-bars.js';

/** Pallets or cage carts, kg, and m³ when the trip carries any: one thin bar each, load / capacity (m³ without a capacity: what it carries). */
export function CapacityBars({ measures }: { measures: ShownLoad[] }) {
  const { t } = useT();
  return (
    <div className="alloc-capacity">
      {measures.map((m) => (
        <div key={m.measure} className="alloc-capacity__row" data-testid={`capacity-${m.measure}`} data-colour={m.colour}>
          <span className="alloc-capacity__label">{t(keyIn('allocationScreens.measure', m.measure))}</span>
          <Progress
            size="small"
            percent={m.ratio === null ? 0 : Math.min(100, Math.round(m.ratio * 100))}
            strokeColor={BAR_COLOURS[m.colour]}
            showInfo={false}
            className="alloc-capacity__bar"
          />
          <span className="alloc-capacity__figures" data-testid={`capacity-${m.measure}-figures`}>
            {figuresOf(m)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** load / capacity; a trip's m³ without a vehicle volume: what it carries. */
function figuresOf(m: ShownLoad): string {
  if (m.capacity === null) return m.measure === 'volume' ? formatNumber(m.load) : `${formatNumber(m.load)} / —`;
  return `${formatNumber(m.load)} / ${formatNumber(m.capacity)}`;
}

/** The board strip's 積載率: the day's trips' load over their vehicles' capacity, per load unit (pallets, cage carts). */
export function FleetFillItem({ trips, className }: { trips: Parameters<typeof fleetFill>[0]; className: string }) {
  const { t } = useT();
  const fills = fleetFill(trips);
  if (fills.length === 0) return null;
  const several = fills.length > 1;
  return (
    <span className={className} data-testid="fleet-fill">
      <strong>{t('allocationScreens.board.fillRate')}</strong>
      {fills.map((fill) => (
        <Tooltip
          key={fill.measure}
          title={t('allocationScreens.board.fillRateHint', {
            unit: t(keyIn('allocation.measures', fill.measure)),
            load: formatNumber(fill.load),
            capacity: formatNumber(fill.capacity),
          })}
        >
          <span className="alloc-fill" data-testid={`fleet-fill-${fill.measure}`} data-colour={capacityColour(fill.ratio)}>
            {several ? `${t(keyIn('allocationScreens.measure', fill.measure))} ` : ''}
            {Math.round(fill.ratio * 100)}%
          </span>
        </Tooltip>
      ))}
    </span>
  );
}

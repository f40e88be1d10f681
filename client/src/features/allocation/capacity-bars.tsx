import { Progress } from 'antd';
import type { MeasureLoad } from '../../../../common/allocation.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { formatNumber } from './labels.js';
import { BAR_COLOURS } from './load-bars.js';

/** Pallets or cage carts, and kg: one thin bar each, load / capacity. */
export function CapacityBars({ measures }: { measures: MeasureLoad[] }) {
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
            {formatNumber(m.load)} / {m.capacity === null ? '—' : formatNumber(m.capacity)}
          </span>
        </div>
      ))}
    </div>
  );
}

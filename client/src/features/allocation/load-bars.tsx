/** A trip's load against its vehicle's capacity, one small bar per measure, for tables (the trip list, the calculator's proposal). */
import { Progress, Space, Tooltip } from 'antd';
import { loadByMeasure, type Capacities, type CapacityColour, type Load, type MeasureLoad } from '../../../../common/allocation.js';
import { numberText } from '../../shared/deliveries/cells.js';
import { keyIn, type Translate, useT } from '../../app/providers/translate.js';

/** The colours of common/allocation.ts's capacity ratios: green, amber over 90 %, red over 100 %. */
export const BAR_COLOURS: Record<CapacityColour, string> = { green: '#52c41a', amber: '#faad14', red: '#ff4d4f' };

/** One measure of a trip's load against its capacity (common/allocation.ts: the board's ratio and colours). */
function LoadBar({ entry, unit, t }: { entry: MeasureLoad; unit: string; t: Translate }) {
  if (entry.ratio === null || entry.capacity === null) {
    return (
      <Tooltip title={t('tripScreens.noCapacity')}>
        <span className="trip-load__text">{`${numberText(entry.load)}${unit}`}</span>
      </Tooltip>
    );
  }
  return (
    <div className="trip-load" data-colour={entry.colour}>
      <Progress percent={Math.min(100, Math.round(entry.ratio * 100))} size={[56, 6]} showInfo={false} strokeColor={BAR_COLOURS[entry.colour]} />
      <span className="trip-load__text">{`${numberText(entry.load)} / ${numberText(entry.capacity)}${unit}`}</span>
    </div>
  );
}

/** The load unit's bar (pallets or cage carts) over the weight's. */
export function LoadBars({ load, capacities }: { load: Load; capacities: Capacities }) {
  const { t } = useT();
  return (
    <Space direction="vertical" size={0} style={{ width: '100%' }}>
      {loadByMeasure(load, capacities).map((entry) => (
        <LoadBar key={entry.measure} entry={entry} unit={entry.measure === 'weight' ? 'kg' : ` ${t(keyIn('allocation.measures', entry.measure))}`} t={t} />
      ))}
    </Space>
  );
}

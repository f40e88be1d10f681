/**
 * 「地図」 on the board: a button that opens the day's map above the board and closes it again, kept in
 * the address (?map=1) so a reload keeps it. The map (and Leaflet with it) loads only once opened.
 */
import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../app/providers/translate.js';
import type { Board, BoardDelivery, DirectionGroup, TripDetail } from '../../../shared/trips/types.js';
import { poolStores, tripRoutes } from './day-map-logic.js';

const DayMap = lazy(() => import('./day-map.js'));

export function DayMapPanel({
  board,
  groups,
  trips,
  selected,
  onSelect,
  viewKey,
}: {
  board: Board | undefined;
  /** The pool as the left side shows it (its search applies to the map too). */
  groups: readonly DirectionGroup[] | undefined;
  trips: TripDetail[];
  selected: ReadonlySet<number>;
  onSelect: (deliveries: readonly BoardDelivery[], select: boolean) => void;
  viewKey: string;
}) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const open = params.get('map') === '1';
  const toggle = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.delete('map');
        else next.set('map', '1');
        return next;
      },
      { replace: true },
    );
  const stores = useMemo(() => poolStores(groups ?? []), [groups]);
  const routes = useMemo(() => tripRoutes(trips), [trips]);
  return (
    <div className="alloc-day-map">
      <Button size="small" icon={<EnvironmentOutlined />} aria-expanded={open} onClick={toggle} data-testid="board-map-toggle">
        {t(open ? 'maps.dayMap.close' : 'maps.dayMap.open')}
      </Button>
      {open && board ? (
        <Suspense fallback={<Spin />}>
          <DayMap center={board.center} stores={stores} routes={routes} selected={selected} onSelect={onSelect} viewKey={viewKey} />
        </Suspense>
      ) : null}
    </div>
  );
}

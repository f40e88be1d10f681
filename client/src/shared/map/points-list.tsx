/**
 * The side list of the map pages: every point in order with its number, receiving window, planned
 * arrival or distance, and coordinates (so the page is usable without map tiles). A row's click or
 * Enter selects it; a selection made on the map scrolls its row into view (turning the page if needed).
 */
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type HTMLAttributes, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatKm } from '../../../../common/places.js';
import { formatDateTime } from '../../../../common/time.js';
import { windowText } from '../times.js';
import { useT } from '../../app/providers/translate.js';
import { coordinatesText, type MapEntry } from './map-logic.js';

export const LIST_PAGE_SIZE = 50;

export interface ListColumns {
  plannedArrival?: boolean;
  direction?: boolean;
  distance?: boolean;
  /** A link opening the destination's master record. */
  open?: boolean;
}

export function PointsList({
  entries,
  selected,
  onSelect,
  show = {},
  loading,
}: {
  entries: MapEntry[];
  selected: string | null;
  onSelect: (key: string) => void;
  show?: ListColumns;
  loading?: boolean;
}) {
  const { t } = useT();
  const frame = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(1);

  // A new list starts on its first page (before the selection below turns to the selected row's).
  useEffect(() => setPage(1), [entries]);

  useEffect(() => {
    if (!selected) return;
    const index = entries.findIndex((e) => e.key === selected);
    if (index >= 0) setPage(Math.floor(index / LIST_PAGE_SIZE) + 1);
    requestAnimationFrame(() => {
      const row = frame.current?.querySelector(`tr[data-row-key="${CSS.escape(selected)}"]`);
      row?.scrollIntoView({ block: 'nearest' });
    });
  }, [selected, entries]);

  const columns: ColumnsType<MapEntry> = [
    {
      title: t('maps.columns.no'),
      dataIndex: 'no',
      width: 48,
      align: 'right',
      render: (no: number) => <span className="maps-no">{no}</span>,
    },
    {
      title: `${t('maps.columns.destination')} / ${t('maps.columns.coordinates')}`,
      key: 'destination',
      render: (_, entry) => (
        <div>
          <div className="maps-name">{entry.name}</div>
          <Typography.Text type="secondary" className="maps-sub">
            {entry.code} {entry.address}
          </Typography.Text>
          <div className="maps-coordinates" data-testid="map-row-coordinates">
            {coordinatesText(entry.latitude, entry.longitude) ?? <Typography.Text type="warning">{t('maps.noCoordinates')}</Typography.Text>}
          </div>
        </div>
      ),
    },
    ...(show.direction ? [{ title: t('maps.columns.direction'), dataIndex: 'directionName', key: 'direction', className: 'maps-nowrap' }] : []),
    ...(show.distance
      ? [
          {
            title: t('maps.columns.distance'),
            dataIndex: 'distanceKm',
            key: 'distance',
            align: 'right' as const,
            className: 'maps-nowrap',
            render: (km: number | undefined) => (km === undefined ? '' : <span data-testid="map-row-distance">{formatKm(km)}</span>),
          },
        ]
      : []),
    {
      title: t('maps.columns.window'),
      key: 'window',
      className: 'maps-nowrap',
      render: (_, entry) => (
        <span data-testid="map-row-window">
          {windowText(entry.startTime, entry.endingTime, t)}
          {entry.specifiedTime ? <div>{t('maps.specified', { time: entry.specifiedTime.slice(0, 5) })}</div> : null}
        </span>
      ),
    },
    ...(show.plannedArrival
      ? [
          {
            title: t('maps.columns.plannedArrival'),
            dataIndex: 'plannedArrival',
            key: 'plannedArrival',
            className: 'maps-nowrap',
            render: (value: string | null) => <span data-testid="map-row-arrival">{formatDateTime(value)}</span>,
          },
        ]
      : []),
    ...(show.open
      ? [
          {
            title: '',
            key: 'open',
            className: 'maps-nowrap',
            render: (_: unknown, entry: MapEntry) => (
              <Link to={`/delivery-destination/detail/${entry.destinationId}`} onClick={(event) => event.stopPropagation()} data-testid="map-row-open">
                {t('maps.places.open')}
              </Link>
            ),
          },
        ]
      : []),
  ];

  return (
    <div ref={frame} className="maps-list">
      <Table<MapEntry>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={entries}
        loading={loading}
        tableLayout="auto"
        pagination={entries.length > LIST_PAGE_SIZE ? { current: page, pageSize: LIST_PAGE_SIZE, showSizeChanger: false, onChange: setPage } : false}
        rowClassName={(entry) => (entry.key === selected ? 'maps-row maps-row--selected' : 'maps-row')}
        onRow={(entry) => ({
          onClick: () => onSelect(entry.key),
          onKeyDown: (event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onSelect(entry.key);
            }
          },
          tabIndex: 0,
          'aria-selected': entry.key === selected,
          'data-testid': 'map-row',
        }) as HTMLAttributes<HTMLElement>}
        data-testid="map-list"
      />
    </div>
  );
}

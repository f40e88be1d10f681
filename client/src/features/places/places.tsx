/**
 * `/places` 地点検索: an address is searched through the server's geocoder (`GET /api/geocode`), shown
 * with its coordinates on the map, with the destinations of the caller's scope nearest to it
 * (`GET /api/delivery_destination/nearest`), each with its distance and a link opening it. The search
 * lives in the URL (`?q=…&limit=…`). An empty query is refused here; an unknown address shows the
 * server's 住所が不明です。 under the field.
 */
import { SearchOutlined } from '@ant-design/icons';
import { useOnError } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Select, Space, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NEAREST_LIMIT_CHOICES, NEAREST_LIMIT_DEFAULT } from '../../../../common/places.js';
import { messageOf } from '../../app/providers/http.js';
import { PointsMap, type MapPoint } from '../../shared/map/points-map.js';
import { geocode } from '../../shared/masters/geocode-button.js';
import { isHttpError } from '../../app/providers/http.js';
import { useT } from '../../app/providers/translate.js';
import { fetchNearest } from './api.js';
import { coordinatesText, entryPoints, nearestEntries } from '../../shared/map/map-logic.js';
import { PointsList } from '../../shared/map/points-list.js';
import { BESIDE, fitting } from '../../shared/components/fitting-width.js';
import '../../shared/map/maps.css';

const SEARCH_KEY = 'search';

/** The geocoder's refusals of the query itself (empty, unknown): shown under the field. */
const isQueryRefusal = (error: unknown) => isHttpError(error) && (error.statusCode === 400 || error.statusCode === 422);

export default function PlacesPage() {
  const { t } = useT();
  const { mutate: onError } = useOnError();
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const limitParam = Number(params.get('limit'));
  const limit = (NEAREST_LIMIT_CHOICES as readonly number[]).includes(limitParam) ? limitParam : NEAREST_LIMIT_DEFAULT;
  const [text, setText] = useState(query);
  const [emptyQuery, setEmptyQuery] = useState(false);
  useEffect(() => setText(query), [query]);

  const point = useQuery({ queryKey: ['maps', 'geocode', query], queryFn: () => geocode(query), enabled: query !== '', staleTime: 300_000 });
  const nearest = useQuery({
    queryKey: ['maps', 'nearest', point.data?.latitude, point.data?.longitude, limit],
    queryFn: () => fetchNearest(point.data!.latitude, point.data!.longitude, limit),
    enabled: point.data !== undefined,
  });
  const failure = point.error ?? nearest.error;
  useEffect(() => {
    if (failure && !isQueryRefusal(failure)) onError(failure);
  }, [failure, onError]);

  const entries = useMemo(() => nearestEntries(nearest.data ?? []), [nearest.data]);
  const points: MapPoint[] = useMemo(() => {
    const found = point.data;
    const searched: MapPoint[] = found
      ? [{ key: SEARCH_KEY, latitude: found.latitude, longitude: found.longitude, label: '◎', title: `${t('maps.places.searchPoint')}: ${query}`, kind: 'search' }]
      : [];
    return [...searched, ...entryPoints(entries)];
  }, [point.data, entries, query, t]);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => setSelected(null), [entries]);

  const search = () => {
    const address = text.trim();
    setEmptyQuery(address === '');
    if (address === '') return;
    const next = new URLSearchParams(params);
    next.set('q', address);
    setParams(next);
    if (address === query) void point.refetch();
  };
  const setLimit = (value: number) => {
    const next = new URLSearchParams(params);
    next.set('limit', String(value));
    setParams(next, { replace: true });
  };

  const fieldError = emptyQuery ? t('maps.places.emptyQuery') : point.error && isQueryRefusal(point.error) ? messageOf(point.error) : undefined;
  const otherError = failure && !isQueryRefusal(failure) ? messageOf(failure) : undefined;
  const found = point.data;

  return (
    <ScreenCard className="maps-page" title={t('screens.places')}>
      <Form
        layout="inline"
        className="maps-toolbar"
        onFinish={search}
        requiredMark={false}
      >
        <Form.Item
          label={t('maps.places.address')}
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError ? <span data-testid="places-error">{fieldError}</span> : undefined}
        >
          <Input
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (emptyQuery) setEmptyQuery(false);
            }}
            placeholder={t('maps.places.placeholder')}
            style={fitting(t('maps.places.placeholder'), 370, BESIDE.input)}
            allowClear
            autoFocus
            data-testid="places-query"
            aria-label={t('maps.places.address')}
          />
        </Form.Item>
        <Form.Item label={t('maps.places.limit')}>
          <Select
            value={limit}
            onChange={setLimit}
            style={{ width: 96 }}
            options={NEAREST_LIMIT_CHOICES.map((n) => ({ value: n, label: t('maps.places.limitOption', { count: n }) }))}
            data-testid="places-limit"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={point.isFetching || nearest.isFetching} data-testid="places-search">
            {t('maps.places.search')}
          </Button>
        </Form.Item>
      </Form>
      {otherError ? <Alert type="error" showIcon message={otherError} style={{ marginTop: 8 }} data-testid="places-failure" /> : null}
      {found ? (
        <Descriptions size="small" bordered column={3} style={{ marginTop: 12 }} data-testid="places-result">
          <Descriptions.Item label={t('maps.places.searched')}>{query}</Descriptions.Item>
          <Descriptions.Item label={t('maps.places.latitude')}>
            <span data-testid="places-latitude">{found.latitude.toFixed(6)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('maps.places.longitude')}>
            <span data-testid="places-longitude">{found.longitude.toFixed(6)}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : query === '' ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('maps.places.hint')}
        </Typography.Paragraph>
      ) : null}
      <div className="maps-grid">
        <PointsMap points={points} selected={selected} onSelect={setSelected} className="maps-map" testId="places-map" />
        <div>
          <Space size={8}>
            <Typography.Text strong>{t('maps.places.nearest')}</Typography.Text>
            {found ? <Typography.Text type="secondary">{coordinatesText(found.latitude, found.longitude)}</Typography.Text> : null}
          </Space>
          <PointsList
            entries={entries}
            selected={selected}
            onSelect={setSelected}
            show={{ distance: true, direction: true, open: true }}
            loading={nearest.isFetching}
          />
        </div>
      </div>
    </ScreenCard>
  );
}

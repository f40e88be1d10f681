/**
 * `/` ダッシュボード, where everyone lands after signing in: the day and the last 30 days of the caller's
 * scope, each figure the report's behind it (GET /api/dashboard) and a way to that page. Refreshed on
 * every trip event (a driver's report included), without a reload; the charts load in a chunk of their own after the figures.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Progress, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../../common/time.js';
import { canAccess } from '../../app/providers/access-control.js';
import { API_URL, http, isHttpError } from '../../app/providers/http.js';
import { keyIn, useT } from '../../app/providers/translate.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { ScreenCard } from '../../shared/components/screen-card.js';
import { liveStatusStore, TRIP_CHANNEL } from '../../shared/realtime/live-channels.js';
import { useLiveRefetch } from '../../shared/realtime/use-live.js';
import { TRIP_STATUS } from '../../../../common/allocation.js';
import { type DashboardFigures, deliveryBars, type Figure, FIGURE_PAGES, meetsTarget, percentText, STATUS_KEYS, tripCount, type TripStatusName, tripSlices } from './dashboard-logic.js';
import './dashboard.css';

const TripsChart = lazy(() => import('./dashboard-charts.js').then((module) => ({ default: module.TripsChart })));
const DeliveriesChart = lazy(() => import('./dashboard-charts.js').then((module) => ({ default: module.DeliveriesChart })));

const D = 'records.dashboard';

/** A figure's card: its title, what it shows, and a click (or Enter) that opens the page behind it when the user may. */
function FigureCard({ figure, title, extra, children }: { figure: Figure; title: string; extra?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  const { profile } = useProfile();
  const page = FIGURE_PAGES[figure];
  const open = canAccess(profile, page.area, 'list') ? () => navigate(page.path) : undefined;
  return (
    <Card
      size="small"
      title={title}
      extra={extra}
      hoverable={Boolean(open)}
      className="dashboard-card"
      data-testid={`dashboard-${figure}`}
      role={open ? 'link' : undefined}
      tabIndex={open ? 0 : undefined}
      onClick={open}
      onKeyDown={(event) => {
        if (open && event.key === 'Enter') open();
      }}
    >
      {children}
    </Card>
  );
}

/** A rate as a ring, green when it meets its target and amber when not (blue without a target), and a line under it. */
function RateRing({ value, target, label, testId }: { value: number | null; target?: number; label: string; testId: string }) {
  const { t } = useT();
  const met = target === undefined ? undefined : meetsTarget(value, target);
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <Progress
        type="dashboard"
        percent={value ?? 0}
        size={120}
        strokeColor={met === undefined ? '#1677ff' : met === null ? '#d9d9d9' : met ? '#389e0d' : '#d46b08'}
        format={() => <span data-testid={testId}>{percentText(value, t(`${D}.noData`))}</span>}
      />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Space>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const { t } = useT();
  const statusLabel = (status: TripStatusName) => t(keyIn('tripScreens.status', TRIP_STATUS[STATUS_KEYS[status]]));
  const chartFallback = <Skeleton.Node active style={{ width: '100%', height: 180 }} />;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="trips" title={t(`${D}.tripsByStatus`)} extra={<span data-testid="dashboard-trips-total">{t(`${D}.trips`, { count: tripCount(figures) })}</span>}>
          <Suspense fallback={chartFallback}>
            <TripsChart slices={tripSlices(figures, (status) => statusLabel(status))} />
          </Suspense>
        </FigureCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="deliveries" title={t(`${D}.deliveries`)}>
          <Row>
            <Col span={8} data-testid="dashboard-delivered"><Statistic title={t(`${D}.delivered`)} value={figures.deliveries.delivered} valueStyle={{ color: '#389e0d' }} /></Col>
            <Col span={8}><Statistic title={t(`${D}.late`)} value={figures.deliveries.late} valueStyle={{ color: '#cf1322' }} /></Col>
            <Col span={8} data-testid="dashboard-to-come"><Statistic title={t(`${D}.toCome`)} value={figures.deliveries.to_come} valueStyle={{ color: '#0958d9' }} /></Col>
          </Row>
          <Suspense fallback={chartFallback}>
            <DeliveriesChart bars={deliveryBars(figures, (part) => t(`${D}.${part}`))} />
          </Suspense>
        </FigureCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="onTime" title={t(`${D}.onTimeRate`)}>
          <RateRing value={figures.on_time_rate} label={`${formatDate(figures.from)} – ${formatDate(figures.date)}`} testId="dashboard-on-time-rate" />
        </FigureCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="efficiency" title={t(`${D}.efficiency`)} extra={t(`${D}.runs`, { count: figures.efficiency.runs })}>
          <RateRing value={figures.efficiency.efficiency} target={figures.efficiency.target} label={t(`${D}.efficiencyTarget`, { target: figures.efficiency.target })} testId="dashboard-efficiency-value" />
        </FigureCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="handling" title={t(`${D}.handling`)} extra={t(`${D}.runs`, { count: figures.handling.measured_runs })}>
          <RateRing
            value={figures.handling.within_target_share}
            target={figures.handling.target_share}
            label={t(`${D}.handlingTarget`)}
            testId="dashboard-handling-value"
          />
        </FigureCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="workRules" title={t(`${D}.workRules`)}>
          <Row>
            <Col span={12}><Statistic title={<Tag color="warning">{t(`${D}.warnings`)}</Tag>} value={figures.work_rules.warnings} /></Col>
            <Col span={12}><Statistic title={<Tag color="error">{t(`${D}.violations`)}</Tag>} value={figures.work_rules.violations} valueStyle={{ color: figures.work_rules.violations ? '#cf1322' : undefined }} /></Col>
          </Row>
        </FigureCard>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <FigureCard figure="vehicles" title={t(`${D}.vehicles`)}>
          <Statistic title={`${t(`${D}.inUse`)} / ${t(`${D}.available`)}`} value={figures.vehicles.in_use} suffix={`/ ${figures.vehicles.available}`} />
          <Progress percent={figures.vehicles.available ? Math.round((figures.vehicles.in_use / figures.vehicles.available) * 100) : 0} showInfo={false} />
        </FigureCard>
      </Col>
    </Row>
  );
}

export default function DashboardPage() {
  const { t } = useT();
  const query = useQuery({ queryKey: ['dashboard'], queryFn: async () => (await http.get<DashboardFigures>(`${API_URL}/dashboard`)).data });
  // Every change the figures count arrives as a trip event (a delivery's is its trip's, sent on both channels): one refetch each.
  useLiveRefetch(TRIP_CHANNEL, () => query.refetch());
  const live = useSyncExternalStore(liveStatusStore.subscribe, liveStatusStore.get);
  const title = t(`${D}.title`);
  return (
    <ScreenCard
      title={title}
      extra={
        <Space size={8}>
          {query.data ? <span data-testid="dashboard-date">{t(`${D}.today`, { date: formatDate(query.data.date) })}</span> : null}
          {live === 'open' ? <Tag color="green">{t(`${D}.live`)}</Tag> : null}
        </Space>
      }
    >
      {query.error ? <Alert type="error" showIcon message={isHttpError(query.error) ? query.error.message : String(query.error)} /> : null}
      {query.data ? <Figures figures={query.data} /> : <Skeleton active />}
    </ScreenCard>
  );
}

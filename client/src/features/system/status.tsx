/**
 * /debug システム情報 (super admins): the server's version, database, PDF printer, address search,
 * map tiles and how many records it holds, with a button that copies it all as text for support.
 */
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Spin, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import { formatDateTime } from '../../../../common/time.js';
import type { SystemStatusWire } from '../../../../server/system/schemas.js';
import { API_URL, http } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { keyIn, type MessageKey, useT } from '../../app/providers/translate.js';
import { Details } from '../../shared/components/details.js';

type SystemStatus = SystemStatusWire;

const S = 'system.status';

/** The facts as label → value, in the order shown and copied. */
function factsOf(status: SystemStatus, t: (key: MessageKey, options?: Record<string, unknown>) => string): [string, string][] {
  return [
    [t(`${S}.version`), status.version],
    [t(`${S}.node`), status.node],
    [t(`${S}.startedAt`), formatDateTime(status.started_at)],
    [t(`${S}.now`), formatDateTime(status.now)],
    [t(`${S}.database`), `${t(keyIn(`${S}.kinds`, status.database.kind))} — ${status.database.version}`],
    [t(`${S}.migrations`), t(`${S}.migrationsValue`, { count: status.database.migrations, latest: status.database.latest_migration ?? '—' })],
    [t(`${S}.chromium`), status.chromium_path ?? t(`${S}.chromiumMissing`)],
    [t(`${S}.geocoder`), t(keyIn(`${S}.geocoders`, status.geocoder))],
    [t(`${S}.mapTiles`), status.map_tile_url ?? t(`${S}.mapTilesDefault`)],
    ...Object.entries(status.records).map(([table, count]): [string, string] => [
      `${t(`${S}.records`)}：${t(keyIn(`${S}.tables`, table))}`,
      count.toLocaleString('ja-JP'),
    ]),
  ];
}

export default function SystemStatusPage({ label }: { label: MessageKey }) {
  const { t } = useT();
  const status = useQuery({ queryKey: ['system-status'], queryFn: async () => (await http.get<SystemStatus>(`${API_URL}/system/status`)).data });
  const facts = status.data ? factsOf(status.data, t) : [];
  const copy = async () => {
    await navigator.clipboard.writeText(facts.map(([name, value]) => `${name}: ${value}`).join('\n'));
    toast.success(t(`${S}.copied`), 'system-status');
  };
  return (
    <ScreenCard
      title={t(label)}
      extra={
        <Button icon={<CopyOutlined />} onClick={() => void copy()} disabled={!status.data} data-testid="system-copy">
          {t(`${S}.copy`)}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t(`${S}.intro`)}</Typography.Paragraph>
      {status.isLoading ? <Spin /> : null}
      {status.error ? <Typography.Text type="danger">{String((status.error as Error).message)}</Typography.Text> : null}
      <Details column={1} data-testid="system-facts" labelStyle={{ width: 260 }}>
        {facts.map(([name, value]) => (
          <Descriptions.Item key={name} label={name}>
            {value}
          </Descriptions.Item>
        ))}
      </Details>
    </ScreenCard>
  );
}

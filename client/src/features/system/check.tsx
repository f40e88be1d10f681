/**
 * /test 動作確認 (every signed-in user): the server answers and how fast, this device's clock against
 * the server's, the realtime socket, a PDF printed by the server, and the browser's time zone and
 * language. Support asks a user to open it and read the results out; 「再確認」 runs it again.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Typography } from 'antd';
import { ScreenCard } from '../../shared/components/screen-card.js';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { PingWire } from '../../../../server/system/schemas.js';
import { API_URL, http, isHttpError } from '../../app/providers/http.js';
import { liveStatusStore } from '../../shared/realtime/live-channels.js';
import { keyIn, type MessageKey, useT } from '../../app/providers/translate.js';
import { clockOutcome, clockSkewSeconds, type Outcome, realtimeOutcome } from './check-rules.js';

const C = 'system.check';
type CheckName = 'api' | 'clock' | 'pdf';
interface CheckResult {
  outcome: Outcome;
  detail: string;
}

const COLOURS: Record<Outcome, string> = { pending: 'processing', ok: 'success', warning: 'warning', failed: 'error' };

const failure = (error: unknown): CheckResult => ({ outcome: 'failed', detail: isHttpError(error) ? error.message : String(error) });

/** The server's answer and the clock, from one round trip. */
async function pingChecks(t: (key: MessageKey, options?: Record<string, unknown>) => string): Promise<Record<'api' | 'clock', CheckResult>> {
  const sentAt = Date.now();
  const { data } = await http.get<PingWire>(`${API_URL}/system/ping`);
  const receivedAt = Date.now();
  const seconds = clockSkewSeconds(data.now, sentAt, receivedAt);
  const outcome = clockOutcome(seconds);
  return {
    api: { outcome: 'ok', detail: t(`${C}.apiDetail`, { ms: receivedAt - sentAt, version: data.version }) },
    clock: { outcome, detail: t(outcome === 'ok' ? `${C}.clockDetail` : `${C}.clockWarning`, { seconds }) },
  };
}

/** A one-page PDF from the server's Chromium: its size and how long it took. */
async function pdfCheck(t: (key: MessageKey, options?: Record<string, unknown>) => string): Promise<CheckResult> {
  const startedAt = Date.now();
  try {
    const { data } = await http.get<Blob>(`${API_URL}/system/pdf_check`, { responseType: 'blob' });
    const head = await data.slice(0, 4).text();
    if (head !== '%PDF') return { outcome: 'failed', detail: head };
    return { outcome: 'ok', detail: t(`${C}.pdfDetail`, { kb: Math.max(1, Math.round(data.size / 1024)), ms: Date.now() - startedAt }) };
  } catch (error) {
    // The server's message (503 without Chromium), read out of the blob by the interceptor.
    return failure(error);
  }
}

const pending: CheckResult = { outcome: 'pending', detail: '' };

export default function SelfCheck({ label }: { label: MessageKey }) {
  const { t } = useT();
  const [results, setResults] = useState<Record<CheckName, CheckResult>>({ api: pending, clock: pending, pdf: pending });
  const liveStatus = useSyncExternalStore(liveStatusStore.subscribe, liveStatusStore.get);

  const run = useCallback(() => {
    setResults({ api: pending, clock: pending, pdf: pending });
    void pingChecks(t).then(
      (ping) => setResults((current) => ({ ...current, ...ping })),
      (error: unknown) => setResults((current) => ({ ...current, api: failure(error), clock: failure(error) })),
    );
    void pdfCheck(t).then((pdf) => setResults((current) => ({ ...current, pdf })));
  }, [t]);
  useEffect(run, [run]);

  const { timeZone } = Intl.DateTimeFormat().resolvedOptions();
  const rows = [
    { key: 'api', ...results.api },
    { key: 'clock', ...results.clock },
    { key: 'realtime', outcome: realtimeOutcome(liveStatus), detail: t(keyIn(`${C}.realtimeStates`, liveStatus)) },
    { key: 'pdf', ...results.pdf },
    { key: 'browser', outcome: 'ok' as const, detail: `${t(`${C}.timeZone`, { zone: timeZone, language: navigator.language })} — ${navigator.userAgent}` },
  ];
  return (
    <ScreenCard
      title={t(label)}
      extra={
        <Button icon={<ReloadOutlined />} onClick={run} data-testid="check-again">
          {t(`${C}.again`)}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t(`${C}.intro`)}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        data-testid="check-table"
        onRow={(row) => ({ 'data-testid': `check-${row.key}` }) as object}
        columns={[
          { title: t(`${C}.item`), dataIndex: 'key', width: 200, render: (key: string) => t(keyIn(C, key)) },
          {
            title: t(`${C}.result`),
            dataIndex: 'outcome',
            width: 110,
            render: (outcome: Outcome) => (
              <Tag color={COLOURS[outcome]} data-testid="check-outcome" data-outcome={outcome}>
                {t(keyIn(C, outcome === 'failed' ? 'failed' : outcome))}
              </Tag>
            ),
          },
          { title: t(`${C}.detail`), dataIndex: 'detail' },
        ]}
      />
    </ScreenCard>
  );
}

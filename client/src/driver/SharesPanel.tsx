import { Alert, Button, Checkbox, Drawer, Input, Radio, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Static } from 'typebox';
import { SHARE_CATEGORIES, type ShareCategory } from '../../../common/shares.js';
import type { Share } from '../../../server/destination-shares/schemas.js';
import type { Api } from './api.js';
import type { MakeReport } from './DayScreen.js';
import { currentPosition } from './format.js';
import type { T } from './i18n.js';
import type { Queue } from './outbox.js';
import type { DriverStop } from './reports.js';

type ShareRow = Static<typeof Share>;

/**
 * 配送先情報共有 for the stop's place: the notes drivers and planners left, and a new one with where the
 * driver stands. A new note goes through the outbox like every report: without signal it waits there
 * (listed, and here as waiting), and it is sent once when the signal returns.
 */
export function SharesPanel({ api, stop, t, report, queue, onClose }: { api: Api; stop: DriverStop; t: T; report: MakeReport; queue: Queue; onClose: () => void }) {
  const [shares, setShares] = useState<ShareRow[] | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [category, setCategory] = useState<ShareCategory>('other');
  const [withPosition, setWithPosition] = useState(true);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  /** the id of the note posted last, until the outbox has sent it or the server refused it */
  const [posted, setPosted] = useState<string | null>(null);
  const list = `/api/driver/shares?delivery_destination_id=${stop.delivery_destination_id}`;
  // Without signal the list keeps what it showed.
  const load = useCallback(() => api.get<ShareRow[]>(list).then(setShares, () => setShares((rows) => rows ?? [])), [api, list]);
  const waiting = queue.waiting.filter((r) => r.kind === 'share' && r.body.delivery_destination_id === stop.delivery_destination_id);

  useEffect(() => {
    void load();
  }, [load]);

  const stillWaiting = posted !== null && queue.waiting.some((r) => r.id === posted);
  const refusal = queue.refused.find((r) => r.report.id === posted);
  useEffect(() => {
    if (posted === null || stillWaiting) return;
    setPosted(null);
    setMessage(refusal ? { type: 'error', text: refusal.message } : { type: 'success', text: t('driverScreen.shares.posted') });
    if (!refusal) void load();
  }, [posted, stillWaiting, refusal, t, load]);

  const post = async () => {
    const position = withPosition ? await currentPosition() : null;
    setMessage(null);
    setPosted(report({ kind: 'share', body: { delivery_destination_id: stop.delivery_destination_id, title: title.trim(), body, category, ...(position ?? {}) } }));
    setTitle('');
    setBody('');
  };

  return (
    <Drawer
      open
      rootClassName="driver-drawer"
      placement="bottom"
      height="90%"
      title={t('driverScreen.shares.title', { store: stop.store_name })}
      onClose={onClose}
      closeIcon={<span className="driver-close">{t('driverScreen.shares.close')}</span>}
    >
      {shares?.length === 0 && waiting.length === 0 && <p>{t('driverScreen.shares.none')}</p>}
      <ul className="driver-shares" data-testid="shares">
        {waiting.map((note) => (
          <li key={note.id} data-testid="share-waiting">
            <strong>
              [{t(`shareCategory.${note.body.category as ShareCategory}`)}] {note.body.title as string}
            </strong>{' '}
            <Tag color="orange">{t('driverScreen.pending')}</Tag>
            <p>{note.body.body as string}</p>
          </li>
        ))}
        {shares?.map((share) => (
          <li key={share.id}>
            <strong>
              [{t(`shareCategory.${share.category}`)}] {share.title}
            </strong>
            <p>{share.body}</p>
          </li>
        ))}
      </ul>
      <h3>{t('driverScreen.shares.post')}</h3>
      <Radio.Group value={category} onChange={(e) => setCategory(e.target.value as ShareCategory)} optionType="button" buttonStyle="solid" size="large">
        {SHARE_CATEGORIES.map((name) => (
          <Radio.Button key={name} value={name}>
            {t(`shareCategory.${name}`)}
          </Radio.Button>
        ))}
      </Radio.Group>
      <label>
        {t('driverScreen.shares.subject')}
        <Input size="large" name="title" value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label>
        {t('driverScreen.shares.body')}
        <Input.TextArea name="body" rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
      </label>
      <Checkbox checked={withPosition} onChange={(e) => setWithPosition(e.target.checked)}>
        {t('driverScreen.shares.withPosition')}
      </Checkbox>
      {message && <Alert type={message.type} showIcon message={message.text} />}
      <Button type="primary" size="large" block disabled={!title.trim()} onClick={() => void post()}>
        {t('driverScreen.shares.post')}
      </Button>
    </Drawer>
  );
}

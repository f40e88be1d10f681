import { Alert, Button, Checkbox, Drawer, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import type { Static } from 'typebox';
import { SHARE_CATEGORIES, type ShareCategory } from '../../../common/shares.js';
import type { Share } from '../../../server/destination-shares/schemas.js';
import { type Api, ApiError } from './api.js';
import { currentPosition } from './format.js';
import type { T } from './i18n.js';
import type { DriverStop } from './reports.js';

type ShareRow = Static<typeof Share>;

/** 配送先情報共有 for the stop's place: the notes drivers and planners left, and a new one with where the driver stands. */
export function SharesPanel({ api, stop, t, onClose }: { api: Api; stop: DriverStop; t: T; onClose: () => void }) {
  const [shares, setShares] = useState<ShareRow[] | null>(null);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [category, setCategory] = useState<ShareCategory>('other');
  const [withPosition, setWithPosition] = useState(true);
  const [message, setMessage] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const list = `/api/driver/shares?delivery_destination_id=${stop.delivery_destination_id}`;

  useEffect(() => {
    api.get<ShareRow[]>(list).then(setShares, () => setShares([]));
  }, [api, list]);

  const post = async () => {
    const position = withPosition ? await currentPosition() : null;
    try {
      const share = await api.post<ShareRow>('/api/driver/shares', { delivery_destination_id: stop.delivery_destination_id, title: title.trim(), body, category, ...(position ?? {}) });
      setShares((rows) => [share, ...(rows ?? [])]);
      setTitle('');
      setBody('');
      setMessage({ type: 'success', text: t('driverScreen.shares.posted') });
    } catch (error) {
      setMessage({ type: 'error', text: error instanceof ApiError ? error.message : t('driverScreen.offline') });
    }
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
      {shares?.length === 0 && <p>{t('driverScreen.shares.none')}</p>}
      <ul className="driver-shares" data-testid="shares">
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

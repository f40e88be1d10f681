import { EnvironmentOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { addressProblem, CORRECTION_MESSAGES, correctionProblem, SHARE_LIMITS, type CorrectionProblem } from '../../../../common/shares.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';
import { applyCorrection, type Coordinates, geocode, type Share } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { UserText } from './cells.js';
import { Details } from '../../shared/components/details.js';

const TOAST_KEY = 'share-correction';

/**
 * 住所修正を反映: the selected share's corrected address, checked in the specification's order
 * (common/shares.ts, as the server does) — address empty, unknown to the geocoder, coordinates not
 * fetched — then written to the destination master with its version.
 */
export function CorrectionDrawer({ share, onClose, onApplied }: { share: Share | null; onClose: () => void; onApplied: () => void }) {
  const { t } = useT();
  const [address, setAddress] = useState('');
  /** what the geocoder said about the address as it is now: true, false, or undefined (not asked) */
  const [found, setFound] = useState<boolean | undefined>(undefined);
  const [coordinates, setCoordinates] = useState<Coordinates | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAddress(share?.corrected_address ?? '');
    setFound(undefined);
    setCoordinates(null);
    setProblem(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- another share starts afresh; the same share read again keeps what is being typed
  }, [share?.id]);

  const refuse = (message: string) => {
    setProblem(message);
    toast.error(message, TOAST_KEY);
  };
  const refuseWith = (key: CorrectionProblem) => refuse(t(CORRECTION_MESSAGES[key]));
  const check = (input: { addressFound?: boolean; coordinates: Coordinates | null }) =>
    correctionProblem({ selected: share !== null, address, addressFound: input.addressFound, latitude: input.coordinates?.latitude, longitude: input.coordinates?.longitude });

  const changeAddress = (next: string) => {
    setAddress(next);
    // Coordinates belong to the address they were fetched for.
    setFound(undefined);
    setCoordinates(null);
    setProblem(null);
  };

  const fetchCoordinates = async () => {
    const first = addressProblem({ selected: share !== null, address });
    if (first) return refuseWith(first);
    setBusy(true);
    try {
      const at = await geocode(address.trim());
      setFound(at !== null);
      setCoordinates(at);
      if (!at) return refuseWith('addressNotFound');
      setProblem(null);
      toast.success(t('shares.screens.geocoded'), TOAST_KEY);
    } catch (error) {
      refuse(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    const next = check({ addressFound: found, coordinates });
    if (next) return refuseWith(next);
    setBusy(true);
    try {
      await applyCorrection(share!, address.trim(), coordinates!);
      toast.success(t('shares.screens.applied'), TOAST_KEY);
      onApplied();
    } catch (error) {
      refuse(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const f = (name: 'delivery_destination_id' | 'current_address' | 'corrected_address' | 'latitude' | 'longitude' | 'title') => t(`shares.fields.${name}`);
  return (
    <Drawer
      open={share !== null}
      onClose={onClose}
      title={t('shares.screens.applyTitle')}
      width={560}
      destroyOnClose
      data-testid="correction-drawer"
      extra={
        <Button type="primary" onClick={() => void apply()} loading={busy} data-testid="correction-apply">
          {t('shares.screens.apply')}
        </Button>
      }
    >
      {share ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Details column={1} labelStyle={{ width: 150 }}>
            <Descriptions.Item label={f('title')}>
              <UserText text={share.title} />
            </Descriptions.Item>
            <Descriptions.Item label={f('delivery_destination_id')}>{`${share.delivery_code} ${share.store_name}`}</Descriptions.Item>
            <Descriptions.Item label={f('current_address')}>
              <span data-testid="correction-current">{share.destination_address}</span>
            </Descriptions.Item>
          </Details>
          <div>
            <div style={{ marginBottom: 4 }}>{f('corrected_address')}</div>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={address}
                onChange={(event) => changeAddress(event.target.value)}
                maxLength={SHARE_LIMITS.corrected_address}
                status={problem && !coordinates ? 'error' : undefined}
                data-testid="correction-address"
                onPressEnter={() => void fetchCoordinates()}
              />
              <Button icon={<EnvironmentOutlined />} onClick={() => void fetchCoordinates()} loading={busy} data-testid="correction-geocode">
                {t('shares.screens.geocode')}
              </Button>
            </Space.Compact>
          </div>
          <Details column={2}>
            <Descriptions.Item label={f('latitude')}>
              <span className="share-coordinates" data-testid="correction-latitude">
                {coordinates ? coordinates.latitude.toFixed(6) : t('shares.screens.notFetched')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={f('longitude')}>
              <span className="share-coordinates" data-testid="correction-longitude">
                {coordinates ? coordinates.longitude.toFixed(6) : t('shares.screens.notFetched')}
              </span>
            </Descriptions.Item>
          </Details>
          {problem ? <Alert type="error" showIcon message={problem} data-testid="correction-error" /> : null}
        </Space>
      ) : null}
    </Drawer>
  );
}

/**
 * 緯度経度取得: asks `GET /api/geocode?address=…` for the address in the form and fills latitude and
 * longitude. The server's message (修正住所を記入してください。 / 住所が不明です。) is shown under the
 * address; an unreachable service is a toast.
 */
import { AimOutlined } from '@ant-design/icons';
import { useOnError } from '@refinedev/core';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { API_URL, http, isHttpError } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export async function geocode(address: string): Promise<LatLng> {
  const { data } = await http.get<LatLng>(`${API_URL}/geocode`, { params: { address } });
  return data;
}

export function GeocodeButton({
  addressField,
  target,
  disabled,
}: {
  addressField: string;
  target: { latitude: string; longitude: string };
  disabled?: boolean;
}) {
  const { t } = useT();
  const form = Form.useFormInstance();
  const { mutate: onError } = useOnError();
  const [busy, setBusy] = useState(false);

  async function run() {
    const address = String(form.getFieldValue(addressField) ?? '');
    setBusy(true);
    try {
      const found = await geocode(address);
      form.setFields([
        { name: target.latitude, value: found.latitude, errors: [] },
        { name: target.longitude, value: found.longitude, errors: [] },
        { name: addressField, errors: [] },
      ]);
      toast.success(t('masterUi.geocoded'), 'geocode');
    } catch (error) {
      if (isHttpError(error) && (error.statusCode === 400 || error.statusCode === 422)) {
        form.setFields([{ name: addressField, errors: [error.message] }]);
      } else {
        toast.error(isHttpError(error) ? error.message : String(error), 'geocode');
        onError(error);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<AimOutlined />} onClick={() => void run()} loading={busy} disabled={disabled} data-testid="geocode-button">
      {t('deliveryDestinations.geocode')}
    </Button>
  );
}

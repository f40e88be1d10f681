/**
 * 担当車両 on a user's edit page: the vehicles this planner allocates
 * (`GET /api/user/vehicle_allocation?user_id=`, saved with `PUT /api/user/:id/vehicle_allocation`).
 */
import { useSelect } from '@refinedev/antd';
import { useApiUrl, useCustom, useCustomMutation, type BaseKey, type BaseRecord } from '@refinedev/core';
import { Button, Card, Select, Space, Typography, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../../app/providers/translate.js';

interface UserVehicle {
  user_id: number;
  vehicle_id: number;
  vehicle_number: string;
}

export function UserVehicles({ userId }: { userId: BaseKey }) {
  const { t } = useT();
  const apiUrl = useApiUrl();
  const { data, isLoading } = useCustom<UserVehicle[]>({
    url: `${apiUrl}/user/vehicle_allocation`,
    method: 'get',
    config: { query: { user_id: userId } },
  });
  const [selected, setSelected] = useState<number[]>([]);
  useEffect(() => setSelected((data?.data ?? []).map((row) => row.vehicle_id)), [data]);
  const { selectProps } = useSelect<BaseRecord>({
    resource: 'vehicle',
    optionLabel: (vehicle) => String(vehicle.vehicle_number),
    defaultValue: selected,
    sorters: [{ field: 'vehicle_number', order: 'asc' }],
    onSearch: (text) => [{ field: 'q', operator: 'eq', value: text || undefined }],
    pagination: { pageSize: 50, mode: 'server' },
  });
  const { mutate, isLoading: saving } = useCustomMutation<UserVehicle[]>();
  const save = () =>
    mutate({
      url: `${apiUrl}/user/${userId}/vehicle_allocation`,
      method: 'put',
      values: { vehicle_ids: selected },
      successNotification: () => ({ type: 'success', message: t('notifications.editSuccess') }),
    });

  return (
    <Card title={t('masterUi.vehicleAllocation')} style={{ marginTop: 16 }} loading={isLoading} data-testid="user-vehicles">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('masterUi.vehicleAllocationHelp')}</Typography.Text>
        <Select
          {...(selectProps as SelectProps)}
          mode="multiple"
          allowClear
          value={selected}
          onChange={(value) => setSelected(value as number[])}
          style={{ width: '100%' }}
          data-testid="user-vehicles-select"
        />
        <Button type="primary" onClick={save} loading={saving} data-testid="user-vehicles-save">
          {t('masterUi.saveVehicleAllocation')}
        </Button>
      </Space>
    </Card>
  );
}

/**
 * `/<master>/temp/:id`: a temporary row (仮登録, registered from the driver app) shown read-only,
 * with 承認する: `POST /api/<name>/:id/approve` makes it a regular row. An unknown id is the not-found page.
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { EditButton, ListButton, Show } from '@refinedev/antd';
import {
  useApiUrl,
  useCustomMutation,
  useInvalidate,
  useNavigation,
  useOne,
  type BaseRecord,
  type HttpError,
} from '@refinedev/core';
import { Alert, Button, Descriptions, Space } from 'antd';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../../../../common/time.js';
import { useProfile } from '../../../app/providers/use-profile.js';
import type { Profile } from '../../../app/providers/profile.js';
import { getMaster } from '../declarations.js';
import { displayColumn, enumLabel, fieldMode, isNotFound } from '../../../shared/masters/rules.js';
import { NotFoundPage } from '../../../shared/components/error-page.js';
import type { FieldSpec, MasterDeclaration } from '../../../shared/masters/types.js';
import { keyIn, type Translate, useT } from '../../../app/providers/translate.js';
import { Details } from '../../../shared/components/details.js';

/** A field of a record as read-only text. */
export function fieldText(field: FieldSpec, record: BaseRecord, t: Translate): string {
  const value = record[field.name] as unknown;
  if (field.kind === 'ref') return String(record[displayColumn(field)] ?? value ?? '');
  if (field.kind === 'enum' && field.enum) return enumLabel(field.enum, value, t);
  return value === null || value === undefined ? '' : String(value);
}

function shownFields(master: MasterDeclaration, profile: Profile | undefined) {
  return master.fields.filter((field) => field.kind !== 'password' && fieldMode(field, profile) !== 'hidden');
}

export default function MasterApprovalPage({ identifier }: { identifier: string }) {
  const master = getMaster(identifier);
  const resource = master.identifier;
  const { t } = useT();
  const { id } = useParams();
  const { profile } = useProfile();
  const apiUrl = useApiUrl();
  const invalidate = useInvalidate();
  const { list } = useNavigation();
  const { data, isLoading, error } = useOne<BaseRecord, HttpError>({ resource, id, queryOptions: { enabled: id !== undefined } });
  const { mutate, isLoading: approving } = useCustomMutation<BaseRecord>();
  const record = data?.data;
  const temporary = Boolean(record?.temporary_registration_date);

  const approve = () =>
    mutate(
      {
        url: `${apiUrl}/${master.resource}/${id}/approve`,
        method: 'post',
        values: {},
        successNotification: () => ({ type: 'success', message: t('masterEnums.approved') }),
      },
      {
        onSuccess: () => {
          void invalidate({ resource, invalidates: ['list', 'detail', 'many'], id });
          list(resource);
        },
      },
    );

  // An id that does not exist (or lies outside the caller's scope: the API answers 404) is the not-found page, not an empty card.
  if (isNotFound(error)) return <NotFoundPage />;
  return (
    <Show
      resource={resource}
      title={t(keyIn(master.i18n, 'titles.temp'))}
      breadcrumb={false}
      isLoading={isLoading}
      recordItemId={id}
      headerButtons={
        <>
          <ListButton resource={resource}>{t(keyIn(master.i18n, 'titles.list'))}</ListButton>
          <EditButton resource={resource} recordItemId={id} />
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            onClick={approve}
            loading={approving}
            disabled={!record || !temporary}
            data-testid="approve-button"
          >
            {t('masterEnums.approve')}
          </Button>
        </>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {record && !temporary ? <Alert type="info" showIcon message={t('masterUi.alreadyApproved')} /> : null}
        {record ? (
          <Details column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} data-testid={`${master.resource}-approval`}>
            <Descriptions.Item label={t(keyIn(master.i18n, 'fields.temporary_registration_date'))}>
              {formatDateTime(record.temporary_registration_date as string | null)}
            </Descriptions.Item>
            {shownFields(master, profile).map((field) => (
              <Descriptions.Item key={field.name} label={t(keyIn(master.i18n, `fields.${field.name}`))}>
                {fieldText(field, record, t)}
              </Descriptions.Item>
            ))}
          </Details>
        ) : null}
      </Space>
    </Show>
  );
}

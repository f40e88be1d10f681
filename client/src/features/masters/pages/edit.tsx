import { Edit, useForm } from '@refinedev/antd';
import { CanAccess, type BaseRecord, type HttpError } from '@refinedev/core';
import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { useDeleteErrorNotification } from '../../../shared/components/delete-selected-button.js';
import { NotFoundPage } from '../../../shared/components/error-page.js';
import { useProfile } from '../../../app/providers/use-profile.js';
import { MasterForm } from '../components/master-form.js';
import { getMaster } from '../declarations.js';
import { UserVehicles } from '../extensions/user-vehicles.js';
import { isCallersRecord, isNotFound, offers, recordTitle } from '../../../shared/masters/rules.js';
import { keyIn, useT } from '../../../app/providers/translate.js';

/** What a master's edit page shows below its form, when it has more than its own fields. */
const BELOW_FORM: Record<string, { component: ComponentType<{ userId: string }>; needs: { resource: string; action: string } }> = {
  // 担当車両: the vehicles a planner allocates, shown to users who may list vehicles.
  users: { component: UserVehicles, needs: { resource: 'vehicles', action: 'list' } },
};

/**
 * `/<master>/edit/:id`: the record in the master's form, then back to its list. A record outside
 * the caller's scope (404) is the not-found page, never an empty form that could be saved.
 */
export default function MasterEditPage({ identifier }: { identifier: string }) {
  const master = getMaster(identifier);
  const { t } = useT();
  const { id } = useParams();
  const below = BELOW_FORM[master.identifier];
  const deleteError = useDeleteErrorNotification(master.identifier);
  const { profile } = useProfile();
  const { formProps, saveButtonProps, formLoading, query } = useForm<BaseRecord, HttpError>({
    resource: master.identifier,
    action: 'edit',
    id,
    redirect: 'list',
  });
  if (isNotFound(query?.error)) return <NotFoundPage />;
  const record = query?.data?.data;
  const deletable = offers(master, 'delete') && !(record && isCallersRecord(master, record, profile));
  return (
    <>
      <Edit
        title={t(keyIn(master.i18n, 'titles.edit'))}
        breadcrumb={false}
        saveButtonProps={saveButtonProps}
        isLoading={formLoading}
        recordItemId={id}
        canDelete={deletable}
        deleteButtonProps={{
          errorNotification: deleteError,
          confirmTitle: record ? t('messages.confirmDeleteRecord', { name: recordTitle(master, record) }) : undefined,
        }}
      >
        <MasterForm master={master} formProps={formProps} mode="edit" recordId={id === undefined ? undefined : Number(id)} />
      </Edit>
      {below && id !== undefined ? (
        <CanAccess resource={below.needs.resource} action={below.needs.action}>
          <below.component userId={id} />
        </CanAccess>
      ) : null}
    </>
  );
}

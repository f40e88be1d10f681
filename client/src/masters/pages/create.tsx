import { Create, useForm } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { MasterForm } from '../components/master-form.js';
import { getMaster } from '../declarations.js';

/** `/<master>/add`: the master's form, then back to its list. */
export default function MasterCreatePage({ identifier }: { identifier: string }) {
  const master = getMaster(identifier);
  const { t } = useTranslation();
  const { formProps, saveButtonProps } = useForm<BaseRecord, HttpError>({
    resource: master.identifier,
    action: 'create',
    redirect: 'list',
  });
  return (
    <Create title={t(`${master.i18n}.titles.create`)} breadcrumb={false} saveButtonProps={saveButtonProps}>
      <MasterForm master={master} formProps={formProps} mode="create" />
    </Create>
  );
}

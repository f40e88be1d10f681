import { Create, useForm } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { MasterForm } from '../components/master-form.js';
import { getMaster } from '../declarations.js';
import { keyIn, useT } from '../../../app/providers/translate.js';

/** `/<master>/add`: the master's form, then back to its list. */
export default function MasterCreatePage({ identifier }: { identifier: string }) {
  const master = getMaster(identifier);
  const { t } = useT();
  const { formProps, saveButtonProps } = useForm<BaseRecord, HttpError>({
    resource: master.identifier,
    action: 'create',
    redirect: 'list',
  });
  return (
    <Create title={t(keyIn(master.i18n, 'titles.create'))} breadcrumb={false} saveButtonProps={saveButtonProps}>
      <MasterForm master={master} formProps={formProps} mode="create" />
    </Create>
  );
}

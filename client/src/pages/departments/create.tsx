import { Create, useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { DepartmentForm, RESOURCE, type Department } from './form.js';

export default function DepartmentCreate() {
  const { t } = useTranslation();
  const { formProps, saveButtonProps } = useForm<Department, HttpError>({
    resource: RESOURCE,
    action: 'create',
    redirect: 'list',
  });
  return (
    <Create title={t('departments.titles.create')} breadcrumb={false} saveButtonProps={saveButtonProps}>
      <DepartmentForm formProps={formProps} />
    </Create>
  );
}

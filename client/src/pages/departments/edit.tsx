import { Edit, useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DepartmentForm, RESOURCE, type Department } from './form.js';

export default function DepartmentEdit() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { formProps, saveButtonProps, formLoading } = useForm<Department, HttpError>({
    resource: RESOURCE,
    action: 'edit',
    id,
    redirect: 'list',
  });
  return (
    <Edit
      title={t('departments.titles.edit')}
      breadcrumb={false}
      saveButtonProps={saveButtonProps}
      isLoading={formLoading}
      recordItemId={id}
    >
      <DepartmentForm formProps={formProps} recordId={id === undefined ? undefined : Number(id)} />
    </Edit>
  );
}

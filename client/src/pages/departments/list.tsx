import { CreateButton, DeleteButton, EditButton, getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { getDefaultFilter, useCan, type BaseKey, type CrudFilters, type HttpError } from '@refinedev/core';
import { Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPARTMENT_LEVELS } from '../../../../common/enums.js';
import { formatDateTime } from '../../../../common/time.js';
import { DeleteSelectedButton } from '../../components/delete-selected-button.js';
import { DepartmentImport } from './import.js';
import { RESOURCE, type Department } from './form.js';

interface Search {
  q?: string;
  level?: number;
}

export default function DepartmentList() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<Department, HttpError, Search>({
    resource: RESOURCE,
    sorters: { initial: [{ field: 'code', order: 'asc' }] },
    onSearch: ({ q, level }): CrudFilters => [
      { field: 'q', operator: 'eq', value: q || undefined },
      { field: 'level', operator: 'eq', value: level },
    ],
    syncWithLocation: true,
  });
  const { data: canEdit } = useCan({ resource: RESOURCE, action: 'edit' });
  const { data: canDelete } = useCan({ resource: RESOURCE, action: 'delete' });
  const refresh = () => {
    setSelected([]);
    void tableQuery.refetch();
  };
  const field = (name: string) => t(`departments.fields.${name}`);
  const sortable = (name: string) => ({ sorter: true, defaultSortOrder: getDefaultSortOrder(name, sorters) });

  return (
    <List
      title={t('departments.titles.list')}
      breadcrumb={false}
      headerButtons={
        <>
          <CreateButton resource={RESOURCE} />
          <DepartmentImport onImported={refresh} />
        </>
      }
    >
      <div className="list-toolbar">
        <Form
          {...searchFormProps}
          layout="inline"
          initialValues={{ q: getDefaultFilter('q', filters, 'eq'), level: getDefaultFilter('level', filters, 'eq') }}
        >
          <Form.Item name="q">
            <Input.Search
              allowClear
              placeholder={t('departments.search')}
              enterButton={t('buttons.search')}
              onSearch={() => searchFormProps.form?.submit()}
              style={{ width: 320 }}
              data-testid="department-search"
            />
          </Form.Item>
          <Form.Item name="level">
            <Select
              allowClear
              placeholder={field('level')}
              style={{ width: 160 }}
              onChange={() => searchFormProps.form?.submit()}
              options={DEPARTMENT_LEVELS.map((level) => ({ value: level, label: t(`enums.level.${level}`) }))}
              data-testid="department-level-filter"
            />
          </Form.Item>
        </Form>
        <DeleteSelectedButton resource={RESOURCE} ids={selected} onDeleted={refresh} />
      </div>
      <Table<Department>
        {...tableProps}
        rowKey="id"
        locale={{ emptyText: t('messages.emptyTable') }}
        rowSelection={
          canDelete?.can ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as BaseKey[]) } : undefined
        }
        data-testid="department-table"
      >
        <Table.Column<Department> dataIndex="code" title={field('code')} {...sortable('code')} />
        <Table.Column<Department> dataIndex="name" title={field('name')} {...sortable('name')} />
        <Table.Column<Department>
          dataIndex="level"
          title={field('level')}
          {...sortable('level')}
          render={(level: number) => t(`enums.level.${level}`)}
        />
        <Table.Column<Department> dataIndex="parent_name" title={field('parent_id')} />
        <Table.Column<Department> dataIndex="address" title={field('address')} ellipsis />
        <Table.Column<Department>
          dataIndex="updated_at"
          title={field('updated_at')}
          {...sortable('updated_at')}
          render={(value: string) => formatDateTime(value)}
        />
        {canEdit?.can || canDelete?.can ? (
          <Table.Column<Department>
            title={t('table.actions')}
            key="actions"
            fixed="right"
            render={(_, record) => (
              <Space>
                <EditButton hideText size="small" resource={RESOURCE} recordItemId={record.id} />
                <DeleteButton hideText size="small" resource={RESOURCE} recordItemId={record.id} onSuccess={refresh} />
              </Space>
            )}
          />
        ) : null}
      </Table>
    </List>
  );
}

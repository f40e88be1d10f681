/**
 * The list of any master: search and filters, sortable columns, CSV import and template,
 * delete of the selected rows; add/edit on their own pages, or in a modal over the list
 * (customers, unit prices). Buttons follow access control (read-only users see none).
 */
import { CheckCircleOutlined } from '@ant-design/icons';
import { CreateButton, List, useModalForm, useTable } from '@refinedev/antd';
import {
  getDefaultFilter,
  useCan,
  type BaseKey,
  type BaseRecord,
  type CrudFilters,
  type HttpError,
} from '@refinedev/core';
import { Button, Modal, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { CsvExportButton } from '../../../shared/components/csv-export-button.js';
import { CsvImportButtons } from '../../../shared/components/csv-import.js';
import { PAGE_SIZE, useListTableProps } from '../../../shared/components/list-table.js';
import { RowLinkButton, useRowLinks } from '../../../shared/components/row-links.js';
import { DeleteSelectedButton, RowDeleteButton, useRowDelete } from '../../../shared/components/delete-selected-button.js';
import { useProfile } from '../../../app/providers/use-profile.js';
import { actionsColumn, buildColumns } from '../../../shared/masters/columns.js';
import { ListFilters, TEMPORARY_FILTER } from '../components/list-filters.js';
import { MasterDetails } from '../components/master-details.js';
import { MasterForm } from '../components/master-form.js';
import { getMaster } from '../declarations.js';
import { approvalPath, isCallersRecord, masterExportPath, offers, recordTitle, visibleFilters } from '../../../shared/masters/rules.js';
import type { MasterDeclaration } from '../../../shared/masters/types.js';
import { keyIn, type MessageKey, sectionIn, useT } from '../../../app/providers/translate.js';

type Search = Record<string, unknown>;

/** The detail of a master without pages of its own (customers, unit prices), over its list. */
function DetailModal({ master, record, onClose }: { master: MasterDeclaration; record: BaseRecord; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal open title={t(keyIn(master.i18n, 'titles.show'))} width={720} footer={null} onCancel={onClose}>
      <MasterDetails master={master} record={record} column={1} />
    </Modal>
  );
}

/** Add and edit in modals over the list: one modal form per action. */
function useModalForms(master: MasterDeclaration) {
  const create = useModalForm<BaseRecord, HttpError>({ resource: master.identifier, action: 'create', redirect: false });
  const edit = useModalForm<BaseRecord, HttpError>({ resource: master.identifier, action: 'edit', redirect: false });
  return { create, edit };
}

function FormModal({
  master,
  form,
  mode,
}: {
  master: MasterDeclaration;
  form: ReturnType<typeof useModalForm<BaseRecord, HttpError>>;
  mode: 'create' | 'edit';
}) {
  const { t } = useT();
  // A refused save stays in the modal with its messages (Refine's toast, field errors); not an unhandled rejection.
  const formProps = {
    ...form.formProps,
    onFinish: (values: BaseRecord) => Promise.resolve(form.formProps.onFinish?.(values)).catch(() => undefined),
  };
  return (
    <Modal
      {...form.modalProps}
      title={t(keyIn(master.i18n, `titles.${mode}`))}
      width={720}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ ...form.modalProps.okButtonProps, 'data-testid': 'modal-save' } as never}
    >
      <MasterForm master={master} formProps={formProps} mode={mode} recordId={form.id} />
    </Modal>
  );
}

export default function MasterListPage({
  identifier,
  temporaryOnly = false,
  title,
}: {
  identifier: string;
  /** `/vehicles/temp`: the temporary rows waiting for approval */
  temporaryOnly?: boolean;
  /** i18n key of a page title other than the master's list title (初期単価設定) */
  title?: MessageKey;
}) {
  const master = getMaster(identifier);
  const resource = master.identifier;
  const { t } = useT();
  const { profile } = useProfile();
  const filterSpecs = useMemo(() => visibleFilters(master, profile), [master, profile]);
  const filterNames = [...filterSpecs.map((f) => f.name), ...(master.temporary ? [TEMPORARY_FILTER] : [])];
  const [selected, setSelected] = useState<BaseKey[]>([]);
  const [detail, setDetail] = useState<BaseRecord>();

  const { tableProps, searchFormProps, sorters, filters, tableQuery, setCurrent } = useTable<BaseRecord, HttpError, Search>({
    resource,
    sorters: { initial: master.defaultSort.map((sort) => ({ ...sort })) },
    filters: { initial: temporaryOnly ? [{ field: TEMPORARY_FILTER, operator: 'eq', value: '1' }] : [] },
    pagination: { pageSize: PAGE_SIZE },
    onSearch: (values): CrudFilters => [
      ...(master.search ? [{ field: 'q', operator: 'eq' as const, value: (values.q as string) || undefined }] : []),
      ...filterNames.map((name) => ({ field: name, operator: 'eq' as const, value: values[name] ?? undefined })),
    ],
    syncWithLocation: true,
  });
  const links = useRowLinks(resource);
  const { data: canDelete } = useCan({ resource, action: 'delete' });
  const listTableProps = useListTableProps(tableProps, setCurrent);
  const deletable = Boolean(canDelete?.can) && offers(master, 'delete');
  const editable = links.edit.allowed && offers(master, 'edit');
  const modals = useModalForms(master);

  const refresh = () => {
    setSelected([]);
    void tableQuery.refetch();
  };
  const rowDelete = useRowDelete(resource, refresh);
  const rows = tableProps.dataSource ?? [];
  const columns = buildColumns(master, rows, sorters, t, editable);
  const initialSearch = Object.fromEntries(
    ['q', ...filterNames].map((name) => [name, getDefaultFilter(name, filters, 'eq')]),
  );
  const mayDelete = (record: BaseRecord) => deletable && !isCallersRecord(master, record, profile);

  const actions = (record: BaseRecord) => {
    const id = record.id as BaseKey;
    const approval = master.temporary && record.temporary_registration_date ? approvalPath(master, id) : undefined;
    return (
      <Space size={4}>
        <RowLinkButton link={links.show} id={id} onClick={master.modalForm ? () => setDetail(record) : undefined} />
        {approval && editable ? (
          <Link to={approval}>
            <Button size="small" icon={<CheckCircleOutlined />} title={t('masterEnums.approve')} />
          </Link>
        ) : null}
        {editable ? (
          <RowLinkButton link={links.edit} id={id} onClick={master.modalForm ? () => modals.edit.show(id) : undefined} />
        ) : null}
        {mayDelete(record) ? (
          <RowDeleteButton
            title={t('messages.confirmDeleteRecord', { name: recordTitle(master, record) })}
            onConfirm={() => rowDelete.remove(id)}
            loading={rowDelete.deleting === id}
          />
        ) : null}
      </Space>
    );
  };

  return (
    <List
      title={title ? t(title) : t(temporaryOnly ? keyIn(master.i18n, 'titles.temp') : keyIn(master.i18n, 'titles.list'))}
      breadcrumb={false}
      headerButtons={
        <>
          {/* Beside the page's buttons, as on the delivery list: the filter line stays one line whatever its search box lists. */}
          {offers(master, 'delete') ? (
            <DeleteSelectedButton
              resource={resource}
              ids={selected}
              names={rows.filter((row) => selected.includes(row.id as BaseKey)).map((row) => recordTitle(master, row))}
              onDeleted={refresh}
            />
          ) : null}
          {offers(master, 'create') ? (
            <CreateButton resource={resource} onClick={master.modalForm ? () => modals.create.show() : undefined} />
          ) : null}
          {offers(master, 'import') ? (
            <CsvExportButton path={(encoding) => masterExportPath(master.resource, filters, encoding)} fileName={`${master.resource}.csv`} />
          ) : null}
          {offers(master, 'import') ? (
            <CsvImportButtons
              resource={resource}
              title={t(keyIn(master.i18n, 'titles.import'))}
              fieldNamespace={sectionIn(master.i18n, 'fields')}
              onImported={refresh}
            />
          ) : null}
        </>
      }
    >
      <div className="list-toolbar">
        <ListFilters master={master} filters={filterSpecs} searchFormProps={searchFormProps} initialValues={initialSearch} />
      </div>
      <Table<BaseRecord>
        {...listTableProps}
        columns={[
          ...columns,
          actionsColumn(t('table.actions'), actions),
        ]}
        rowSelection={
          deletable
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as BaseKey[]),
                getCheckboxProps: (record) => ({ disabled: !mayDelete(record) }),
              }
            : undefined
        }
        data-testid={`${master.resource}-table`}
      />
      {master.modalForm ? (
        <>
          {/* Mounted only while open: the two forms share field ids. */}
          {modals.create.open ? <FormModal master={master} form={modals.create} mode="create" /> : null}
          {modals.edit.open ? <FormModal master={master} form={modals.edit} mode="edit" /> : null}
          {detail ? <DetailModal master={master} record={detail} onClose={() => setDetail(undefined)} /> : null}
        </>
      ) : null}
    </List>
  );
}

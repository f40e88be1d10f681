/**
 * /audit-log 監査ログ (super admins): every write, newest first — when, who (and from where), what
 * (the record type and id) and each changed field as field: before → after; filtered by record type,
 * id, admin user and days, exported as CSV with the same filters.
 */
import { List, useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { DatePicker, Form, InputNumber, Select, Table, Typography, type TableColumnType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { AUDITED_ENTITIES, changeText, writerText } from '../../../../common/audit-log.js';
import { DATE_DISPLAY_FORMAT, formatDateTime } from '../../../../common/time.js';
import type { AuditEntryWire } from '../../../../server/audit-log/schemas.js';
import { keyIn, type MessageKey, type Translate, useT } from '../../app/providers/translate.js';
import { CsvExportButton } from '../../shared/components/csv-export-button.js';
import { overHint, PAGE_SIZE, useListTableProps } from '../../shared/components/list-table.js';
import { auditLogQuery, type AuditLogSearch } from './audit-log-query.js';

type Entry = AuditEntryWire;

const L = 'system.auditLog';

interface FilterValues {
  entity?: string | null;
  entity_id?: number | null;
  user_id?: number | null;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function searchOf(values: FilterValues): AuditLogSearch {
  return {
    entity: values.entity ?? undefined,
    entity_id: values.entity_id ?? undefined,
    user_id: values.user_id ?? undefined,
    date_from: values.range?.[0]?.format('YYYY-MM-DD'),
    date_to: values.range?.[1]?.format('YYYY-MM-DD'),
  };
}

const toFilters = (search: AuditLogSearch): CrudFilters => auditLogQuery(search).map(([field, value]) => ({ field, operator: 'eq', value }));

function columnsOf(t: Translate): TableColumnType<Entry>[] {
  return [
    { key: 'at', dataIndex: 'at', title: t(`${L}.at`), render: (value: string) => <span className="nowrap">{formatDateTime(value)}</span> },
    {
      key: 'writer',
      title: t(`${L}.writer`),
      render: (_: unknown, entry: Entry) => overHint(<span data-testid="audit-writer">{writerText(t, entry)}</span>, [entry.address, entry.process].filter(Boolean).join(' · ')),
    },
    {
      key: 'entity',
      title: t(`${L}.entity`),
      render: (_: unknown, entry: Entry) => overHint(t(keyIn(`${L}.entities`, entry.entity)), entry.entity_id === null ? '' : `${t(`${L}.entityId`)} ${entry.entity_id}`),
    },
    { key: 'action', dataIndex: 'action', title: t(`${L}.action`), render: (value: Entry['action']) => t(keyIn(`${L}.actions`, value)) },
    {
      key: 'changes',
      title: t(`${L}.changes`),
      render: (_: unknown, entry: Entry) => (
        <div data-testid="audit-changes">
          {entry.changes.map((change) => (
            <div key={change.field}>{changeText(change)}</div>
          ))}
        </div>
      ),
    },
  ];
}

export default function AuditLogPage({ label }: { label: MessageKey }) {
  const { t } = useT();
  const [form] = Form.useForm<FilterValues>();
  const [search, setSearch] = useState<AuditLogSearch>({});
  const { tableProps, setFilters, setCurrent } = useTable<Entry, HttpError>({
    resource: 'audit-log',
    sorters: { mode: 'off' },
    filters: { initial: [], defaultBehavior: 'replace' },
    pagination: { pageSize: PAGE_SIZE },
    syncWithLocation: false,
  });
  const listTableProps = useListTableProps(tableProps, setCurrent);
  const apply = (_: Partial<FilterValues>, values: FilterValues) => {
    const next = searchOf(values);
    setSearch(next);
    setFilters(toFilters(next), 'replace');
    setCurrent(1);
  };
  const exportPath = (encoding: string) => `/audit_log/export?${new URLSearchParams([...auditLogQuery(search), ['encoding', encoding]]).toString()}`;
  return (
    <List title={t(label)} breadcrumb={false} headerButtons={<CsvExportButton path={exportPath} fileName={t(`${L}.csvFile`)} />}>
      <Typography.Paragraph type="secondary">{t(`${L}.intro`)}</Typography.Paragraph>
      <div className="list-toolbar">
        <Form<FilterValues> form={form} name="audit-log-filters" layout="inline" className="list-filters" onValuesChange={apply}>
          <Form.Item name="entity">
            <Select
              allowClear
              placeholder={t(`${L}.allEntities`)}
              options={AUDITED_ENTITIES.map((value) => ({ value, label: t(keyIn(`${L}.entities`, value)) }))}
              style={{ width: 220 }}
              data-testid="audit-entity-filter"
            />
          </Form.Item>
          <Form.Item name="entity_id">
            <InputNumber min={1} precision={0} placeholder={t(`${L}.entityId`)} style={{ width: 120 }} data-testid="audit-entity-id-filter" />
          </Form.Item>
          <Form.Item name="user_id">
            <InputNumber min={1} precision={0} placeholder={t(`${L}.userId`)} style={{ width: 140 }} data-testid="audit-user-filter" />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker
              format={DATE_DISPLAY_FORMAT}
              allowEmpty={[true, true]}
              placeholder={[t(`${L}.dateFrom`), t(`${L}.dateTo`)]}
              data-testid="audit-range"
            />
          </Form.Item>
        </Form>
      </div>
      <Table<Entry> {...listTableProps} columns={columnsOf(t)} data-testid="audit-table" />
    </List>
  );
}

/**
 * `/delivery-destination-share` 配送先情報共有: the shares about the stores the caller sees, filtered
 * by store, category, status and author; a new share in a dialog; a selected row's corrected address
 * applied to the destination master (住所修正を反映, the specification's four messages in order).
 * The list fits a 1366 px screen in either language: the posting time over its author, the title
 * over its category, a long title or address cut with a tooltip.
 */
import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { Button, Checkbox, Form, Input, Table, Tooltip, type TableColumnType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { AUTHOR_MINE, CORRECTION_MESSAGES, SHARE_CATEGORIES, SHARE_STATUSES, type ShareCategory, type ShareStatus } from '../../../../common/shares.js';
import { formatDateTime } from '../../../../common/time.js';
import { MultiSelectFilter, overHint, PAGE_SIZE, useListTableProps } from '../../shared/components/list-table.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { actionsColumn, clipped, headerCell } from '../../shared/masters/columns.js';
import { isCarrier } from '../../shared/masters/rules.js';
import { canAccess } from '../../app/providers/access-control.js';
import { toast } from '../../app/providers/toast.js';
import { type Translate, useT } from '../../app/providers/translate.js';
import { RESOURCE, setStatus, type Share } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { Author, CategoryTag, ShareStatusTag } from './cells.js';
import { CorrectionDrawer } from './correction-drawer.js';
import { CreateShareModal } from './create-modal.js';
import { DestinationSelect } from './destination-select.js';
import './shares.css';

interface FilterValues {
  delivery_destination_id?: number | null;
  category?: ShareCategory[];
  status?: ShareStatus[];
  mine?: boolean;
  author?: string;
  q?: string;
}

/** The form's values as the API's filters (simple-rest: one `eq` per parameter, lists repeated). */
function toFilters(values: FilterValues): CrudFilters {
  const filters: CrudFilters = [];
  const add = (field: string, value: unknown) => {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return;
    filters.push({ field, operator: 'eq', value });
  };
  add('delivery_destination_id', values.delivery_destination_id);
  add('category', values.category);
  add('status', values.status);
  add('author', values.mine ? AUTHOR_MINE : values.author?.trim());
  add('q', values.q?.trim());
  return filters;
}

function columnsOf(
  t: Translate,
  sorters: ReturnType<typeof useTable>['sorters'],
  onStatus: (share: Share) => void,
  /** department staff change any share's status; a carrier only its own (the server's rule) */
  mayChangeStatus: (share: Share) => boolean,
): TableColumnType<Share>[] {
  const sortable = (key: string) => ({ sorter: true, defaultSortOrder: getDefaultSortOrder(key, sorters) });
  const threadPath = (share: Share) => `/delivery-destination-share/${share.id}/comments`;
  const columns: TableColumnType<Share>[] = [
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t('shares.fields.created_at'),
      ...sortable('created_at'),
      render: (value: string, share: Share) =>
        overHint(<span className="share-comment__time">{formatDateTime(value)}</span>, <Author name={share.author_name} kind={share.author_kind} />),
    },
    {
      key: 'store_name',
      title: t('shares.fields.delivery_destination_id'),
      ...sortable('store_name'),
      render: (_: unknown, share: Share) => overHint(`${share.delivery_code} ${share.store_name}`, clipped(share.destination_address, '20em')),
    },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('shares.fields.title'),
      ...sortable('title'),
      // Plain text in a link: React escapes it; nothing a user writes becomes markup.
      render: (_: unknown, share: Share) =>
        overHint(
          <Link to={threadPath(share)} data-testid="share-title">
            {clipped(share.title, '14em')}
          </Link>,
          <CategoryTag category={share.category} />,
        ),
    },
    { key: 'status', dataIndex: 'status', title: t('shares.fields.status'), render: (value: ShareStatus) => <ShareStatusTag status={value} />, ...sortable('status') },
    {
      key: 'comment_count',
      dataIndex: 'comment_count',
      title: t('shares.fields.comments'),
      align: 'right',
      render: (count: number, share: Share) => (
        <Link to={threadPath(share)} data-testid="share-comments-link">
          {t('shares.screens.commentCount', { count })}
        </Link>
      ),
    },
    {
      key: 'corrected_address',
      dataIndex: 'corrected_address',
      title: t('shares.fields.corrected_address'),
      render: (value: string | null) => clipped(value, '14em'),
    },
    {
      key: 'updated_at',
      dataIndex: 'updated_at',
      title: t('shares.fields.updated_at'),
      render: (value: string) => <span className="share-comment__time">{formatDateTime(value)}</span>,
      ...sortable('updated_at'),
    },
    actionsColumn<Share>(t('table.actions'), (share) =>
      mayChangeStatus(share) ? (
        <Button size="small" onClick={() => onStatus(share)} data-testid="share-status-toggle">
          {share.status === 'closed' ? t('shares.screens.reopen') : t('shares.screens.close')}
        </Button>
      ) : null,
    ),
  ];
  return columns.map((column) => ({ ...column, onHeaderCell: headerCell }));
}

export default function ShareListPage() {
  const { t } = useT();
  const { profile } = useProfile();
  const canApply = canAccess(profile, 'delivery_destination', 'edit');
  const carrier = isCarrier(profile);
  const [form] = Form.useForm<FilterValues>();
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [correcting, setCorrecting] = useState<Share | null>(null);

  const { tableProps, sorters, setFilters, setCurrent, tableQuery } = useTable<Share, HttpError>({
    resource: RESOURCE,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { initial: [], defaultBehavior: 'replace' },
    pagination: { pageSize: PAGE_SIZE },
    syncWithLocation: false,
  });
  const rows = useMemo(() => (tableProps.dataSource ?? []) as Share[], [tableProps.dataSource]);
  const listTableProps = useListTableProps(tableProps, setCurrent);
  const selected = rows.find((row) => row.id === selectedId) ?? null;

  const search = (values: FilterValues) => {
    setFilters(toFilters(values), 'replace');
    setCurrent(1);
  };
  const onValuesChange = (changed: Partial<FilterValues>, all: FilterValues) => {
    if ('q' in changed || 'author' in changed) return; // text searches on Enter or the button
    search(all);
  };
  const refresh = () => void tableQuery.refetch();

  /** The list's first check of the four: a row must be chosen; the drawer makes the others. */
  const openCorrection = () => {
    if (!selected) {
      toast.error(t(CORRECTION_MESSAGES.selectRow), 'share-correction');
      return;
    }
    setCorrecting(selected);
  };

  const changeStatus = async (share: Share) => {
    try {
      await setStatus(share, share.status === 'closed' ? 'open' : 'closed');
      toast.success(t('shares.screens.statusChanged'), 'share-status');
      refresh();
    } catch (error) {
      toast.error(messageOf(error), 'share-status');
    }
  };

  return (
    <List
      title={t('shares.screens.listTitle')}
      breadcrumb={false}
      headerButtons={
        <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="share-create">
            {t('shares.screens.create')}
          </Button>
          {canApply ? (
            <Tooltip title={t('shares.screens.applyTitle')}>
              <Button icon={<EnvironmentOutlined />} onClick={openCorrection} data-testid="share-apply-correction">
                {t('shares.screens.applyCorrection')}
              </Button>
            </Tooltip>
          ) : null}
        </>
      }
    >
      <div className="list-toolbar">
        <Form<FilterValues> form={form} name="share-filters" layout="inline" className="list-filters" onValuesChange={onValuesChange} onFinish={search}>
          <Form.Item name="delivery_destination_id">
            <DestinationSelect placeholder={t('shares.fields.delivery_destination_id')} style={{ width: 240 }} testId="share-destination-filter" />
          </Form.Item>
          <MultiSelectFilter
            name="category"
            placeholder={t('shares.fields.category')}
            options={SHARE_CATEGORIES.map((value) => ({ value, label: t(`shares.category.${value}`) }))}
            width={180}
            testId="share-category-filter"
          />
          <MultiSelectFilter
            name="status"
            placeholder={t('shares.fields.status')}
            options={SHARE_STATUSES.map((value) => ({ value, label: t(`shares.status.${value}`) }))}
            width={180}
            testId="share-status-filter"
          />
          <Form.Item name="mine" valuePropName="checked">
            <Checkbox data-testid="share-mine-filter">{t('shares.screens.authorMine')}</Checkbox>
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.mine !== b.mine}>
            {({ getFieldValue }) => (
              <Form.Item name="author">
                <Input
                  allowClear
                  disabled={Boolean(getFieldValue('mine'))}
                  placeholder={t('shares.screens.authorPlaceholder')}
                  style={{ width: 140 }}
                  onPressEnter={() => form.submit()}
                  data-testid="share-author-filter"
                />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="q">
            <Input.Search
              allowClear
              placeholder={t('shares.screens.searchPlaceholder')}
              enterButton={t('shares.screens.search')}
              onSearch={() => form.submit()}
              style={{ width: 300 }}
              data-testid="share-search"
            />
          </Form.Item>
        </Form>
      </div>
      <Table<Share>
        {...listTableProps}
        columns={columnsOf(t, sorters, (share) => void changeStatus(share), (share) => share.mine || !carrier)}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selectedId === null ? [] : [selectedId],
          onChange: (keys) => setSelectedId((keys[0] as number | undefined) ?? null),
        }}
        onRow={(share) => ({ onClick: () => setSelectedId(share.id) })}
        data-testid="share-table"
      />
      <CreateShareModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          refresh();
        }}
      />
      <CorrectionDrawer
        share={correcting}
        onClose={() => setCorrecting(null)}
        onApplied={() => {
          setCorrecting(null);
          refresh();
        }}
      />
    </List>
  );
}

/**
 * Selects of another master's records: searchable (`q`) and loaded page by page from its API,
 * named `code name`; a carrier's own company, fixed; or, for a master the user may not list,
 * the values seen on the records of the current one.
 */
import { useSelect } from '@refinedev/antd';
import { useList, type BaseKey, type BaseRecord, type CrudFilters } from '@refinedev/core';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { refOptions, refSortField } from './rules.js';
import type { RefSpec } from './types.js';

type Value = BaseKey | null | undefined;

interface SelectBaseProps {
  value?: Value;
  onChange?: (value: Value) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
  style?: SelectProps['style'];
}

const PAGE_SIZE = 50;
/**
 * How long a select's options count as fresh. An edit form mounts its selects, then remounts them when
 * the record arrives (the form resets its fields to the record): without this each list was read twice
 * on every edit page. Short, so that another planner's new vehicle shows within seconds; saves through
 * this application invalidate the master's lists at once anyway (Refine).
 */
const OPTIONS_FRESH_MS = 10_000;

function refFilters(ref: RefSpec, dependencies: Record<string, unknown>): CrudFilters {
  const fixed = Object.entries(ref.filters ?? {}).map(([field, value]) => ({ field, operator: 'eq' as const, value }));
  const fromForm = Object.entries(ref.filterBy ?? {})
    .filter(([, formField]) => dependencies[formField] !== null && dependencies[formField] !== undefined)
    .map(([field, formField]) => ({ field, operator: 'eq' as const, value: dependencies[formField] }));
  return [...fixed, ...fromForm];
}

/** A searchable select of the referenced master (useSelect on its resource). */
export function RefSelect({
  refSpec,
  dependencies = {},
  excludeId,
  value,
  onChange,
  known = [],
  ...rest
}: SelectBaseProps & {
  refSpec: RefSpec;
  dependencies?: Record<string, unknown>;
  excludeId?: BaseKey;
  /** labels the caller already has (a trip's vehicle number), for a value the user may not list */
  known?: { value: BaseKey; label: string }[];
}) {
  const { selectProps, query, defaultValueQuery } = useSelect<BaseRecord>({
    resource: refSpec.resource,
    defaultValue: value ?? undefined,
    filters: refFilters(refSpec, dependencies),
    sorters: [{ field: refSortField(refSpec), order: 'asc' }],
    onSearch: (text) => [{ field: 'q', operator: 'eq', value: text || undefined }],
    pagination: { pageSize: PAGE_SIZE, mode: 'server' },
    // While a search is read, the last list stays (as useSelect's own options did), not an empty dropdown.
    queryOptions: { staleTime: OPTIONS_FRESH_MS, keepPreviousData: true },
  });
  // From the queries' data, not useSelect's own options (set only when a fetch succeeds): a select
  // remounted on a list still fresh in the cache lists it too.
  const options = refOptions(refSpec, { listed: query.data?.data, selected: defaultValueQuery.data?.data, excludeId, known });
  return (
    <Select
      {...(selectProps as SelectProps)}
      {...rest}
      options={options}
      value={value ?? undefined}
      onChange={(next) => onChange?.((next as Value) ?? null)}
      allowClear
      showSearch
    />
  );
}

/** A carrier's own delivery company: shown, not changeable. */
export function FixedSelect({ option, ...rest }: SelectBaseProps & { option: { value: BaseKey; label: string } }) {
  return <Select {...rest} value={rest.value ?? undefined} options={[option]} disabled />;
}

/**
 * For a master the user may not list (a carrier and vehicle types): the references seen on the
 * records of the master being edited, named by its display column.
 */
export function KnownValuesSelect({
  resource,
  field,
  display,
  value,
  onChange,
  ...rest
}: SelectBaseProps & { resource: string; field: string; display: string }) {
  const { data, isLoading } = useList<BaseRecord>({ resource, pagination: { pageSize: 500, mode: 'server' } });
  const options = useMemo(() => {
    const seen = new Map<BaseKey, string>();
    for (const record of data?.data ?? []) {
      const id = record[field] as BaseKey | null;
      if (id !== null && id !== undefined && !seen.has(id)) seen.set(id, String(record[display] ?? id));
    }
    return [...seen].map(([id, label]) => ({ value: id, label })).sort((a, b) => a.label.localeCompare(b.label, 'ja'));
  }, [data, field, display]);
  return (
    <Select
      {...rest}
      loading={isLoading}
      options={options}
      value={value ?? undefined}
      onChange={(next) => onChange?.((next as Value) ?? null)}
      allowClear
      showSearch
      optionFilterProp="label"
    />
  );
}

/**
 * Selects of another master's records: searchable (`q`) and loaded page by page from its API,
 * named `code name`; a carrier's own company, fixed; or, for a master the user may not list,
 * the values seen on the records of the current one.
 */
import { useSelect } from '@refinedev/antd';
import { useList, type BaseKey, type BaseRecord, type CrudFilters } from '@refinedev/core';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { refOptionLabel, refSortField } from '../rules.js';
import type { RefSpec } from '../types.js';

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
  const { selectProps } = useSelect<BaseRecord>({
    resource: refSpec.resource,
    optionLabel: (record) => refOptionLabel(refSpec, record),
    defaultValue: value ?? undefined,
    filters: refFilters(refSpec, dependencies),
    sorters: [{ field: refSortField(refSpec), order: 'asc' }],
    onSearch: (text) => [{ field: 'q', operator: 'eq', value: text || undefined }],
    pagination: { pageSize: PAGE_SIZE, mode: 'server' },
  });
  const loaded = excludeId === undefined ? selectProps.options : selectProps.options?.filter((o) => o.value !== excludeId);
  const options = [...(loaded ?? []), ...known.filter((k) => !loaded?.some((o) => o.value === k.value))];
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

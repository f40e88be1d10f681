import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { fetchDestinations, type ShareDestination } from './api.js';

const label = (d: ShareDestination) => `${d.delivery_code} ${d.store_name}`;

/**
 * A store the caller may write about (the stores they see: for a carrier those on its trips), searched
 * by code, name or address on the server.
 */
export function DestinationSelect({
  id,
  value,
  onChange,
  placeholder,
  style,
  testId,
}: {
  /** set by Form.Item, so that its label points at the select */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: SelectProps['style'];
  testId?: string;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const options = useQuery({ queryKey: ['destination-shares', 'destinations', search], queryFn: () => fetchDestinations(search), keepPreviousData: true });
  // The chosen store stays labelled when it falls out of the current search.
  const chosen = useQuery({
    queryKey: ['destination-shares', 'destination', value],
    queryFn: () => fetchDestinations(undefined, [value!]),
    enabled: typeof value === 'number' && !options.data?.some((d) => d.id === value),
  });
  const rows = [...(options.data ?? []), ...(chosen.data ?? []).filter((d) => !options.data?.some((o) => o.id === d.id))];
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={value ?? undefined}
      onChange={(next) => onChange?.((next as number | undefined) ?? null)}
      onSearch={setText}
      loading={options.isFetching}
      placeholder={placeholder}
      style={style}
      data-testid={testId}
      options={rows.map((d) => ({ value: d.id, label: label(d), title: d.address }))}
    />
  );
}

/** The search box and filter selects above a master list; each change searches again. */
import type { BaseKey } from '@refinedev/core';
import { Form, Input, Select, type FormProps } from 'antd';
import { enumOptions, filterValue } from '../rules.js';
import type { FilterSpec, MasterDeclaration } from '../types.js';
import { RefSelect } from './ref-select.js';
import { keyIn, useT } from '../../providers/translate.js';

export const TEMPORARY_FILTER = 'temporary';

const FULL_WIDTH = /[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff60]/u;

/** About the width of a text in the field's font: a kana or kanji is 1em, a Latin letter at most 0.9 of a digit's width. */
function textWidth(text: string): string {
  const wide = [...text].filter((c) => FULL_WIDTH.test(c)).length;
  return `${wide}em + ${((text.length - wide) * 0.9).toFixed(1)}ch`;
}

/**
 * A filter select as wide as its placeholder needs (the field's name, e.g. 「Contracting department」 in
 * English), and never narrower than `min` pixels: a name cut to 「Contracting depart…」 says nothing.
 */
const fitting = (placeholder: string, min: number) => ({ width: `max(${min}px, calc(${textWidth(placeholder)} + 48px))` });

/** The search box as wide as its placeholder, which lists what it searches (「…住所・電話番号で検索」), beside its button. */
const searchFitting = (placeholder: string) => ({ width: `max(320px, calc(${textWidth(placeholder)} + 124px))`, maxWidth: '100%' });

export function ListFilters({
  master,
  filters,
  searchFormProps,
  initialValues,
}: {
  master: MasterDeclaration;
  filters: FilterSpec[];
  searchFormProps: FormProps;
  initialValues: Record<string, unknown>;
}) {
  const { t } = useT();
  const submit = () => searchFormProps.form?.submit();
  const label = (name: string) => t(keyIn(master.i18n, `fields.${name}`));
  const testId = (name: string) => `${master.resource}-${name}-filter`;

  return (
    // Named, so its field ids (`vehicle-filters_vehicle_type_id`) differ from a modal form's over the list.
    <Form {...searchFormProps} name={`${master.resource}-filters`} layout="inline" initialValues={initialValues} className="list-filters">
      {master.search ? (
        <Form.Item name="q">
          <Input.Search
            allowClear
            placeholder={t(keyIn(master.i18n, 'search'))}
            enterButton={t('buttons.search')}
            onSearch={submit}
            style={searchFitting(t(keyIn(master.i18n, 'search')))}
            data-testid={`${master.resource}-search`}
          />
        </Form.Item>
      ) : null}
      {filters.map((filter) => {
        const placeholder = label(filter.label ?? filter.name);
        return (
          <Form.Item name={filter.name} key={filter.name} getValueProps={(value: unknown) => ({ value: filterValue(value) })}>
            {filter.kind === 'ref' && filter.ref ? (
              <RefSelect
                refSpec={filter.ref}
                placeholder={placeholder}
                style={fitting(placeholder, 200)}
                onChange={submit}
                data-testid={testId(filter.name)}
              />
            ) : (
              <Select<BaseKey>
                allowClear
                placeholder={placeholder}
                style={fitting(placeholder, 160)}
                onChange={submit}
                options={enumOptions({ enum: filter.enum }, t)}
                data-testid={testId(filter.name)}
              />
            )}
          </Form.Item>
        );
      })}
      {master.temporary ? (
        <Form.Item name={TEMPORARY_FILTER}>
          <Select<string>
            allowClear
            placeholder={t('masterEnums.temporary')}
            style={fitting(t('masterEnums.temporary'), 160)}
            onChange={submit}
            options={[
              { value: '1', label: t('masterUi.temporaryOnly') },
              { value: '0', label: t('masterUi.regularOnly') },
            ]}
            data-testid={testId(TEMPORARY_FILTER)}
          />
        </Form.Item>
      ) : null}
    </Form>
  );
}

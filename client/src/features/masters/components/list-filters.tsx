/** The search box and filter selects above a master list; each change searches again. */
import type { BaseKey } from '@refinedev/core';
import { Form, Input, Select, type FormProps } from 'antd';
import { enumOptions, filterValue } from '../../../shared/masters/rules.js';
import type { FilterSpec, MasterDeclaration } from '../../../shared/masters/types.js';
import { RefSelect } from '../../../shared/masters/ref-select.js';
import { BESIDE, fitting } from '../../../shared/components/fitting-width.js';
import { keyIn, useT } from '../../../app/providers/translate.js';

export const TEMPORARY_FILTER = 'temporary';

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
            style={fitting(t(keyIn(master.i18n, 'search')), 320, BESIDE.searchButton)}
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
                style={fitting(placeholder, 200, BESIDE.select)}
                onChange={submit}
                data-testid={testId(filter.name)}
              />
            ) : (
              <Select<BaseKey>
                allowClear
                placeholder={placeholder}
                style={fitting(placeholder, 160, BESIDE.select)}
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
            style={fitting(t('masterEnums.temporary'), 160, BESIDE.select)}
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

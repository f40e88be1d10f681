import { useSelect } from '@refinedev/antd';
import type { BaseKey } from '@refinedev/core';
import { Col, Form, Input, InputNumber, Row, Select, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEPARTMENT_LEVELS } from '../../../../common/enums.js';
import {
  ADDRESS_MAX,
  CODE_PATTERN,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  NAME_MAX,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
} from '../../../../common/validation.js';
import { emptyToNull, useFieldRules } from '../../components/field-rules.js';

/** docs/api.md: the department record. */
export interface Department {
  id: number;
  code: string;
  name: string;
  level: number;
  parent_id: number | null;
  parent_name: string | null;
  postal_code: string | null;
  address: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export const RESOURCE = 'departments';

/** Create and edit share this form; `version` goes back unchanged so the server can detect a concurrent edit. */
export function DepartmentForm({ formProps, recordId }: { formProps: FormProps; recordId?: BaseKey }) {
  const { t } = useTranslation();
  const rules = useFieldRules('departments.fields');
  const { selectProps } = useSelect<Department>({
    resource: RESOURCE,
    optionLabel: (department) => `${department.code} ${department.name}`,
    defaultValue: formProps.initialValues?.parent_id ?? undefined,
    sorters: [{ field: 'code', order: 'asc' }],
    onSearch: (value) => [{ field: 'q', operator: 'eq', value }],
    pagination: { pageSize: 50, mode: 'server' },
  });
  // A department cannot be its own parent (the server also refuses descendants).
  const parentOptions = selectProps.options?.filter((option) => option.value !== recordId);
  const field = (name: string) => t(`departments.fields.${name}`);

  return (
    <Form {...formProps} layout="vertical" data-testid="department-form">
      <Form.Item name="version" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="code" label={field('code')} rules={[rules.required('code'), rules.pattern('code', CODE_PATTERN)]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="name" label={field('name')} rules={[rules.required('name'), rules.max('name', NAME_MAX)]}>
            <Input maxLength={NAME_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="level" label={field('level')} rules={[rules.required('level')]}>
            <Select
              options={DEPARTMENT_LEVELS.map((level) => ({ value: level, label: `${level} ${t(`enums.level.${level}`)}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="parent_id" label={field('parent_id')} normalize={(value) => value ?? null}>
            <Select {...selectProps} options={parentOptions} allowClear showSearch />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="postal_code"
            label={field('postal_code')}
            normalize={emptyToNull}
            rules={[rules.pattern('postal_code', POSTAL_CODE_PATTERN)]}
          >
            <Input maxLength={8} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="address"
            label={field('address')}
            normalize={emptyToNull}
            rules={[rules.max('address', ADDRESS_MAX)]}
          >
            <Input maxLength={ADDRESS_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label={field('phone')} normalize={emptyToNull} rules={[rules.pattern('phone', PHONE_PATTERN)]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="latitude" label={field('latitude')} rules={[rules.range('latitude', LATITUDE_RANGE)]}>
            <InputNumber<number> style={{ width: '100%' }} step={0.000001} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="longitude" label={field('longitude')} rules={[rules.range('longitude', LONGITUDE_RANGE)]}>
            <InputNumber<number> style={{ width: '100%' }} step={0.000001} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

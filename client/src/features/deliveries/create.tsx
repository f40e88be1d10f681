/**
 * `/delivery/add` 配送登録: one slip line for a store on a date (the CSV import adds many). A delivery
 * company's user reads the list only: the page is closed to them.
 */
import { Create, useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Col, DatePicker, Form, Input, InputNumber, Radio, Row } from 'antd';
import { DELIVERY_LIMITS, DELIVERY_QUANTITY_MAX, tokyoToday } from '../../../../common/deliveries.js';
import { LEVEL, LOAD_UNIT } from '../../../../common/enums.js';
import { DATE_DISPLAY_FORMAT } from '../../../../common/time.js';
import { dayField } from '../../shared/components/day-field.js';
import { ForbiddenPage } from '../../shared/components/error-page.js';
import { useProfile } from '../../app/providers/use-profile.js';
import { RefSelect } from '../../shared/masters/ref-select.js';
import { isCarrier } from '../../shared/masters/rules.js';
import type { Delivery } from './types.js';
import { keyIn, useT } from '../../app/providers/translate.js';

export default function DeliveryCreatePage() {
  const { t } = useT();
  const { profile } = useProfile();
  const { formProps, saveButtonProps } = useForm<Delivery, HttpError>({ resource: 'deliveries', action: 'create', redirect: 'list' });
  if (isCarrier(profile)) return <ForbiddenPage />;

  const f = (name: string) => t(keyIn('deliveryScreens.fields', name));
  const required = (name: string, select = false) => ({
    required: true,
    message: t(select ? 'errors.requiredSelect' : 'errors.required', { field: f(name) }),
  });
  const center = profile?.department?.level === LEVEL.center ? profile.department.id : undefined;

  return (
    <Create title={t('deliveryScreens.titles.create')} breadcrumb={false} saveButtonProps={saveButtonProps}>
      <Form
        {...formProps}
        layout="vertical"
        initialValues={{ date: tokyoToday(), department_id: center, load_unit: LOAD_UNIT.pallet, quantity: 1 }}
        data-testid="delivery-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="date" label={f('date')} rules={[required('date', true)]} {...dayField}>
              <DatePicker format={DATE_DISPLAY_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="department_id" label={f('department_id')} rules={[required('department_id', true)]}>
              <RefSelect refSpec={{ resource: 'department', filters: { level: LEVEL.center } }} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="delivery_destination_id" label={f('delivery_destination_id')} rules={[required('delivery_destination_id', true)]}>
              <RefSelect
                refSpec={{ resource: 'delivery_destination', label: ['delivery_code', 'customer_store_name'], sort: 'delivery_code' }}
                placeholder={t('deliveryScreens.storePlaceholder')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="slip_number" label={f('slip_number')} rules={[required('slip_number'), { max: DELIVERY_LIMITS.slip_number }]}>
              <Input maxLength={DELIVERY_LIMITS.slip_number} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="order_number" label={f('order_number')} rules={[{ max: DELIVERY_LIMITS.order_number }]}>
              <Input maxLength={DELIVERY_LIMITS.order_number} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="customer_id" label={f('customer_id')}>
              <RefSelect refSpec={{ resource: 'customer' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="item_code" label={f('item_code')} rules={[{ max: DELIVERY_LIMITS.item_code }]}>
              <Input maxLength={DELIVERY_LIMITS.item_code} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="item_name" label={f('item_name')} rules={[{ max: DELIVERY_LIMITS.item_name }]}>
              <Input maxLength={DELIVERY_LIMITS.item_name} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="quantity" label={f('quantity')} rules={[required('quantity')]}>
              <InputNumber min={0} max={DELIVERY_QUANTITY_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="load_unit" label={f('load_unit')} rules={[required('load_unit', true)]}>
              <Radio.Group
                optionType="button"
                options={[LOAD_UNIT.pallet, LOAD_UNIT.cageCart].map((value) => ({ value, label: t(keyIn('deliveries.loadUnit', value)) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="volume" label={f('volume')}>
              <InputNumber min={0} step={0.1} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="weight" label={f('weight')}>
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Create>
  );
}

import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { SHARE_CATEGORIES, SHARE_LIMITS } from '../../../../common/shares.js';
import { isHttpError } from '../../app/providers/http.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';
import { createShare, type ShareInput } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { DestinationSelect } from './destination-select.js';

/** 新規共有: a store, a title, a category, what to share and (optionally) the address it should have. */
export function CreateShareModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<ShareInput>();
  const [saving, setSaving] = useState(false);
  const f = (name: 'delivery_destination_id' | 'title' | 'category' | 'body' | 'corrected_address') => t(`shares.fields.${name}`);

  const submit = async (values: ShareInput) => {
    setSaving(true);
    try {
      await createShare({ ...values, corrected_address: values.corrected_address?.trim() || null });
      toast.success(t('shares.screens.created'), 'share-created');
      form.resetFields();
      onCreated();
    } catch (error) {
      const fields = isHttpError(error) ? error.errors : undefined;
      if (fields) form.setFields(Object.entries(fields).map(([name, message]) => ({ name: name as keyof ShareInput, errors: [String(message)] })));
      toast.error(messageOf(error), 'share-create');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shares.screens.createTitle')}
      okText={t('shares.screens.register')}
      cancelText={t('shares.screens.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'share-create-submit' }}
      destroyOnClose
      width={640}
    >
      <Form<ShareInput> form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ category: 'other' }} data-testid="share-create-form">
        <Form.Item name="delivery_destination_id" label={f('delivery_destination_id')} rules={[{ required: true, message: t('errors.requiredSelect', { field: f('delivery_destination_id') }) }]}>
          <DestinationSelect testId="share-create-destination" />
        </Form.Item>
        <Form.Item name="title" label={f('title')} rules={[{ required: true, whitespace: true, message: t('errors.required', { field: f('title') }) }]}>
          <Input maxLength={SHARE_LIMITS.title} data-testid="share-create-title" />
        </Form.Item>
        <Form.Item name="category" label={f('category')} rules={[{ required: true }]}>
          <Select options={SHARE_CATEGORIES.map((value) => ({ value, label: t(`shares.category.${value}`) }))} data-testid="share-create-category" />
        </Form.Item>
        <Form.Item name="body" label={f('body')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={SHARE_LIMITS.body} data-testid="share-create-body" />
        </Form.Item>
        <Form.Item name="corrected_address" label={f('corrected_address')}>
          <Input maxLength={SHARE_LIMITS.corrected_address} data-testid="share-create-address" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

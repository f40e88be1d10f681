/** One declared field in a master form: its Form.Item, rules and input by kind. */
import type { BaseKey } from '@refinedev/core';
import { DatePicker, Form, Input, InputNumber, Select, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_DISPLAY_FORMAT } from '../../../../../common/time.js';
import type { ReactNode } from 'react';
import type { Profile } from '../../../app/providers/profile.js';
import { displayColumn, emptyToNull, enumOptions, fieldMode, fieldRules, isRequired, type FormMode } from '../../../shared/masters/rules.js';
import type { FieldSpec, MasterDeclaration } from '../../../shared/masters/types.js';
import { GeocodeButton } from '../../../shared/masters/geocode-button.js';
import { FixedSelect, KnownValuesSelect, RefSelect } from '../../../shared/masters/ref-select.js';
import { keyIn, useT } from '../../../app/providers/translate.js';

const TIME_FORMAT = 'HH:mm';
/** What the API stores; the picker shows DATE_DISPLAY_FORMAT. */
const DATE_FORMAT = 'YYYY-MM-DD';

/** 'HH:mm' ↔ dayjs for the time picker; the form keeps the text the API stores. */
function timeToPicker(value: unknown): Dayjs | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? dayjs().hour(Number(match[1])).minute(Number(match[2])).second(0).millisecond(0) : undefined;
}

function dateToPicker(value: unknown): Dayjs | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : undefined;
}

const fromPicker = (format: string) => (value: Dayjs | null | undefined) => (value ? value.format(format) : null);

export interface MasterFieldProps {
  master: MasterDeclaration;
  field: FieldSpec;
  mode: FormMode;
  profile: Profile | undefined;
  recordId?: BaseKey;
  /** the current values of the fields this one depends on (reference filters) */
  dependencies?: Record<string, unknown>;
  /** one of two exclusive fields, not the one chosen: shown disabled and empty */
  inactive?: boolean;
}

export function MasterField({ master, field, mode, profile, recordId, dependencies, inactive }: MasterFieldProps) {
  const { t } = useT();
  const form = Form.useFormInstance();
  const presence = fieldMode(field, profile);
  const current = Form.useWatch(field.name, form) as unknown;
  if (presence === 'hidden') return null;

  const label = t(keyIn(master.i18n, `fields.${field.name}`));
  const rules = inactive ? [] : fieldRules(field, label, t, mode, profile);
  const disabled = inactive || (mode === 'edit' && field.fixedOnEdit);
  const common = { id: field.name, disabled, 'data-testid': `field-${field.name}` };
  let input: ReactNode;
  let itemProps: Record<string, unknown> = { normalize: isRequired(field, mode, profile) ? undefined : emptyToNull };

  switch (field.kind) {
    case 'textarea':
      input = <Input.TextArea {...common} rows={3} maxLength={field.max} showCount={Boolean(field.max)} />;
      break;
    case 'number':
    case 'integer':
      input = (
        <InputNumber<number>
          {...common}
          style={{ width: '100%' }}
          // No min/max: antd would silently clamp 120000 to 100000; the range rule refuses it with the field's message.
          precision={field.kind === 'integer' ? 0 : undefined}
          step={field.name === 'latitude' || field.name === 'longitude' ? 0.000001 : 1}
        />
      );
      break;
    case 'time':
      input = (
        <TimePicker {...common} format={TIME_FORMAT} minuteStep={5} needConfirm={false} style={{ width: '100%' }} placeholder="HH:mm" />
      );
      itemProps = { getValueProps: (value: unknown) => ({ value: timeToPicker(value) }), normalize: fromPicker(TIME_FORMAT) };
      break;
    case 'date':
      input = <DatePicker {...common} format={DATE_DISPLAY_FORMAT} style={{ width: '100%' }} />;
      itemProps = { getValueProps: (value: unknown) => ({ value: dateToPicker(value) }), normalize: fromPicker(DATE_FORMAT) };
      break;
    case 'enum':
      input = <Select {...common} options={enumOptions(field, t, profile, current)} allowClear={!field.required} />;
      break;
    case 'boolean':
      input = <Switch {...common} />;
      itemProps = { valuePropName: 'checked' };
      break;
    case 'ref':
      input =
        presence === 'own-company' && profile?.delivery_company ? (
          <FixedSelect {...common} option={{ value: profile.delivery_company.id, label: profile.delivery_company.name }} />
        ) : presence === 'known-values' ? (
          <KnownValuesSelect {...common} resource={master.resource} field={field.name} display={displayColumn(field)} />
        ) : (
          <RefSelect
            {...common}
            refSpec={field.ref!}
            dependencies={dependencies}
            excludeId={field.ref?.excludeSelf ? recordId : undefined}
          />
        );
      itemProps = { normalize: (value: unknown) => value ?? null };
      break;
    case 'password':
      input = (
        <Input.Password
          {...common}
          maxLength={field.max}
          autoComplete="new-password"
          placeholder={mode === 'edit' ? t('masterUi.passwordKeep') : undefined}
        />
      );
      // Blank means "keep the stored password": nothing is sent.
      itemProps = { normalize: (value: unknown) => (value === '' ? undefined : value) };
      break;
    default:
      input = <Input {...common} maxLength={field.max} />;
  }

  if (field.geocode) {
    return (
      <Form.Item label={label} required={isRequired(field, mode, profile)}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={field.name} rules={rules} noStyle {...itemProps}>
            {input}
          </Form.Item>
          <GeocodeButton addressField={field.name} target={field.geocode} disabled={disabled} />
        </Space.Compact>
      </Form.Item>
    );
  }

  return (
    <Form.Item
      name={field.name}
      label={label}
      rules={rules}
      dependencies={field.after ? [field.after] : undefined}
      {...itemProps}
    >
      {input}
    </Form.Item>
  );
}

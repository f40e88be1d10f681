/**
 * The form of any master, from its declaration: create and edit share it (pages or modal).
 * `version` goes back unchanged so the server can detect a concurrent edit (409).
 */
import type { BaseKey } from '@refinedev/core';
import { Col, Form, Input, Radio, Row, type FormProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useProfile } from '../../../app/providers/use-profile.js';
import { createDefaults, exclusiveChoice, fieldMode, type FormMode } from '../../../shared/masters/rules.js';
import type { FieldSpec, MasterDeclaration } from '../../../shared/masters/types.js';
import { MasterField } from './master-field.js';
import { keyIn, useT } from '../../../app/providers/translate.js';

/** The form fields other fields' reference filters depend on (a driver's vehicle: its company). */
function dependencyNames(fields: readonly FieldSpec[]): string[] {
  return [...new Set(fields.flatMap((field) => Object.values(field.ref?.filterBy ?? {})))];
}

function useDependencies(names: string[], form: FormProps['form']): Record<string, unknown> {
  // One watch for the whole form; only the listed names are read from it.
  const values = Form.useWatch((all: Record<string, unknown>) => JSON.stringify(names.map((name) => all?.[name] ?? null)), form);
  return useMemo(() => {
    const parsed = values ? (JSON.parse(values) as unknown[]) : [];
    return Object.fromEntries(names.map((name, i) => [name, parsed[i] ?? null]));
  }, [values, names]);
}

export function MasterForm({
  master,
  formProps,
  mode,
  recordId,
}: {
  master: MasterDeclaration;
  formProps: FormProps;
  mode: FormMode;
  recordId?: BaseKey;
}) {
  const { t } = useT();
  const { profile } = useProfile();
  const form = formProps.form;
  const record = formProps.initialValues as Record<string, unknown> | undefined;
  const initialValues = useMemo(
    () => (mode === 'create' ? { ...createDefaults(master, profile), ...record } : record),
    [mode, master, profile, record],
  );
  const names = useMemo(() => dependencyNames(master.fields), [master]);
  const dependencies = useDependencies(names, form);

  // Exactly one of two exclusive fields (a user's department xor delivery company).
  const [choice, setChoice] = useState(() => exclusiveChoice(master, profile, record));
  useEffect(() => setChoice(exclusiveChoice(master, profile, record)), [master, profile, record]);
  const exclusive = master.exclusive;
  const bothShown = exclusive?.every((name) => {
    const field = master.fields.find((f) => f.name === name);
    return field && fieldMode(field, profile) !== 'hidden';
  });
  const choose = (next: string) => {
    setChoice(next);
    const other = exclusive?.find((name) => name !== next);
    if (other) form?.setFieldValue(other, null);
  };

  return (
    <Form {...formProps} initialValues={initialValues} layout="vertical" data-testid={`${master.resource}-form`}>
      <Form.Item name="version" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        {master.fields.map((field) => {
          const isExclusive = exclusive?.includes(field.name) ?? false;
          const radio =
            isExclusive && bothShown && field.name === exclusive?.[0] ? (
              <Col xs={24} key="exclusive">
                <Form.Item label={t(keyIn(master.i18n, 'affiliation.label'))} required>
                  <Radio.Group
                    value={choice}
                    onChange={(event) => choose(String(event.target.value))}
                    data-testid={`${master.resource}-affiliation`}
                    options={exclusive.map((name) => ({ value: name, label: t(keyIn(master.i18n, `affiliation.${name}`)) }))}
                  />
                </Form.Item>
              </Col>
            ) : null;
          const element = (
            <MasterField
              master={master}
              field={isExclusive && choice === field.name ? { ...field, required: true } : field}
              mode={mode}
              profile={profile}
              recordId={recordId}
              dependencies={dependencies}
              inactive={isExclusive && bothShown && choice !== field.name}
            />
          );
          if (fieldMode(field, profile) === 'hidden') return radio;
          return [
            radio,
            <Col xs={24} md={field.span ?? 12} key={field.name}>
              {element}
            </Col>,
          ];
        })}
      </Row>
    </Form>
  );
}

import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { LanguageSwitch } from '../../app/layout/language-switch.js';
import { Logo } from '../../app/layout/logo.js';
import type { LoginValues } from '../../app/providers/auth-provider.js';
import { useT } from '../../app/providers/translate.js';
import type { MessageKey } from '../../../../common/locales/index.js';

export default function LoginPage() {
  const { t } = useT();
  const { mutate: login, isLoading } = useLogin<LoginValues>();
  const [error, setError] = useState<string>();

  const required = (field: MessageKey) => [{ required: true, message: t('errors.required', { field: t(field) }) }];

  function submit(values: LoginValues) {
    setError(undefined);
    login(values, {
      onSuccess: (result) => {
        if (!result.success) setError(result.error?.message ?? t('auth.invalidCredentials'));
      },
    });
  }

  return (
    <div className="login-page">
      <div className="login-page__language">
        <LanguageSwitch />
      </div>
      {/* A plain card: antd's Card and Typography bring tabs, menus and tooltips to the first load. */}
      <section className="login-card">
        <div className="login-card__head">
          <Logo />
        </div>
        <h1 className="login-card__title">{t('auth.title')}</h1>
        {error ? (
          <Alert type="error" showIcon message={error} data-testid="login-error" style={{ marginBottom: 16 }} />
        ) : null}
        <Form<LoginValues> layout="vertical" onFinish={submit} data-testid="login-form">
          <Form.Item name="login_id" label={t('auth.loginId')} rules={required('auth.loginId')}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-id" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={required('auth.password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading} data-testid="login-submit">
            {t('auth.submit')}
          </Button>
        </Form>
      </section>
    </div>
  );
}

import { Button, Layout, Modal, Typography } from 'antd';
import { useState } from 'react';
import { APP_VERSION } from '../../../../common/enums.js';
import { useT } from '../providers/translate.js';

export function AppFooter() {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <Layout.Footer className="app-footer">
      <Typography.Text type="secondary">{t('app.copyright', { year: new Date().getFullYear() })}</Typography.Text>
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="version-link">
        {t('app.version')}
      </Button>
      <Modal open={open} title={t('app.version')} footer={null} onCancel={() => setOpen(false)}>
        <Typography.Paragraph>{t('app.name')}</Typography.Paragraph>
        <Typography.Paragraph data-testid="version-text">{t('app.versionText', { version: APP_VERSION })}</Typography.Paragraph>
      </Modal>
    </Layout.Footer>
  );
}

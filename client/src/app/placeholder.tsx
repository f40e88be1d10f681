import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, Tag } from 'antd';
import { keyIn, useT } from './providers/translate.js';
import type { MessageKey } from '../../../common/locales/index.js';

/** A screen of the specification that is not built yet: its menu label and "準備中". */
export default function Placeholder({ label, action }: { label: MessageKey; action?: string }) {
  const { t } = useT();
  return (
    <Card
      data-testid="placeholder"
      title={<span data-testid="page-title">{t(label)}</span>}
      extra={action && action !== 'list' ? <Tag>{t(keyIn('actions', action))}</Tag> : null}
    >
      <Result icon={<ToolOutlined />} title={t('placeholder.title')} subTitle={t('placeholder.body')} />
    </Card>
  );
}

/** The address-sharing screens' small parts: tags, the author, and user text shown as text. */
import { CarOutlined } from '@ant-design/icons';
import { Space, Tag } from 'antd';
import type { ShareCategory, ShareStatus } from '../../../../common/shares.js';
import { useT } from '../../app/providers/translate.js';

const STATUS_COLOURS: Record<ShareStatus, string> = { open: 'orange', applied: 'green', closed: 'default' };
const CATEGORY_COLOURS: Record<ShareCategory, string> = { parking: 'blue', entrance: 'purple', hours: 'cyan', other: 'default' };

export function ShareStatusTag({ status }: { status: ShareStatus }) {
  const { t } = useT();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="share-status">
      {t(`shares.status.${status}`)}
    </Tag>
  );
}

export function CategoryTag({ category }: { category: ShareCategory }) {
  const { t } = useT();
  return <Tag color={CATEGORY_COLOURS[category]}>{t(`shares.category.${category}`)}</Tag>;
}

export function Author({ name, kind }: { name: string; kind: 'user' | 'driver' }) {
  const { t } = useT();
  return (
    <Space size={4} data-testid="author">
      <span>{name}</span>
      {kind === 'driver' ? (
        <Tag icon={<CarOutlined />} color="geekblue" style={{ marginInlineEnd: 0 }}>
          {t('shares.authorKind.driver')}
        </Tag>
      ) : null}
    </Space>
  );
}

/**
 * What a user or driver wrote: always a text node (React escapes it), never HTML; line breaks kept
 * by CSS (`white-space: pre-wrap`), long words wrapped.
 */
export function UserText({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="share-text" data-testid={testId}>
      {text}
    </div>
  );
}

/**
 * `/delivery-destination-share/:id/comment/:idx`: one comment of a share, addressable (the thread's
 * `#n` links here), with the share it belongs to and the way back to the whole thread.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../app/providers/translate.js';
import { fetchComment } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { CommentItem, ShareSummary, threadPath, useShare } from './thread.js';
import './shares.css';

export default function ShareCommentPage() {
  const { t } = useT();
  const { id, idx } = useParams();
  const navigate = useNavigate();
  const share = useShare(id);
  const comment = useQuery({ queryKey: ['destination-shares', 'comment', id, idx], queryFn: () => fetchComment(id!, idx!), enabled: Boolean(id && idx), retry: false });

  if (share.isLoading || comment.isLoading) return <Spin style={{ display: 'block', margin: 64 }} />;
  const error = share.error ?? comment.error;
  if (error || !share.data || !comment.data) return <Alert type="error" showIcon message={messageOf(error)} data-testid="share-error" />;
  const back = `${threadPath(share.data.id)}#c${comment.data.idx}`;

  return (
    <Card
      className="share-thread"
      title={
        <Space>
          <Link to={back} aria-label={t('shares.screens.backToThread')}>
            <ArrowLeftOutlined />
          </Link>
          <span data-testid="page-title">{t('shares.screens.commentTitle', { idx: comment.data.idx, title: share.data.title })}</span>
        </Space>
      }
      extra={
        <Button onClick={() => navigate(back)} data-testid="back-to-thread">
          {t('shares.screens.backToThread')}
        </Button>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ShareSummary share={share.data} />
        <CommentItem comment={comment.data} onChanged={() => void comment.refetch()} onDeleted={() => navigate(threadPath(share.data.id))} highlight />
      </Space>
    </Card>
  );
}

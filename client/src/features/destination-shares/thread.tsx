/**
 * `/delivery-destination-share/:id/comments`: one share and its comment thread. Anyone who sees the
 * share posts; the author of a comment edits or deletes it. Each comment links to its own page
 * (`/comment/:idx`). What people wrote is shown as text, line breaks kept.
 */
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Input, Popconfirm, Space, Spin, Tooltip } from 'antd';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { SHARE_LIMITS } from '../../../../common/shares.js';
import { formatDateTime } from '../../../../common/time.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';
import { deleteComment, editComment, fetchComments, fetchShare, postComment, type Comment, type Share } from './api.js';
import { messageOf } from '../../app/providers/http.js';
import { Author, CategoryTag, ShareStatusTag, UserText } from './cells.js';
import './shares.css';
import { Details } from '../../shared/components/details.js';

export const commentPath = (shareId: number, idx: number) => `/delivery-destination-share/${shareId}/comment/${idx}`;
export const threadPath = (shareId: number) => `/delivery-destination-share/${shareId}/comments`;

/** Ctrl+Enter (⌘+Enter) sends, as in chat tools. */
const sendKey = (event: KeyboardEvent, send: () => void) => {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    send();
  }
};

/** The share at the head of its thread and its comments' pages. */
export function ShareSummary({ share }: { share: Share }) {
  const { t } = useT();
  return (
    <Details column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} labelStyle={{ width: 130, whiteSpace: 'nowrap' }} data-testid="share-summary">
      <Descriptions.Item label={t('shares.fields.delivery_destination_id')}>{`${share.delivery_code} ${share.store_name}`}</Descriptions.Item>
      <Descriptions.Item label={t('shares.fields.current_address')}>{share.destination_address}</Descriptions.Item>
      <Descriptions.Item label={t('shares.fields.category')}>
        <CategoryTag category={share.category} />
      </Descriptions.Item>
      <Descriptions.Item label={t('shares.fields.status')}>
        <ShareStatusTag status={share.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('shares.fields.author')}>
        <Author name={share.author_name} kind={share.author_kind} />
      </Descriptions.Item>
      <Descriptions.Item label={t('shares.fields.created_at')}>{formatDateTime(share.created_at)}</Descriptions.Item>
      {share.corrected_address ? (
        <Descriptions.Item label={t('shares.fields.corrected_address')} span={2}>
          {share.corrected_address}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('shares.fields.body')} span={2}>
        <UserText text={share.body} testId="share-body" />
      </Descriptions.Item>
    </Details>
  );
}

/** One comment: number (its link), author, time, text; its author's edit and delete. */
export function CommentItem({
  comment,
  onChanged,
  onDeleted = onChanged,
  highlight = false,
}: {
  comment: Comment;
  onChanged?: () => void;
  onDeleted?: () => void;
  highlight?: boolean;
}) {
  const { t } = useT();
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const edited = comment.updated_at !== comment.created_at && comment.version > 1;

  const run = async (work: () => Promise<unknown>, done: string, then = onChanged) => {
    setBusy(true);
    try {
      await work();
      toast.success(done, 'share-comment');
      setEditing(null);
      then?.();
    } catch (error) {
      toast.error(messageOf(error), 'share-comment');
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    if (editing === null || !editing.trim()) return;
    void run(() => editComment(comment, editing), t('shares.screens.saved'));
  };

  return (
    <div id={`c${comment.idx}`} className={`share-comment${highlight ? ' share-comment--highlight' : ''}`} data-testid="share-comment" data-idx={comment.idx}>
      <div className="share-comment__head">
        <Link to={commentPath(comment.share_id, comment.idx)} className="share-comment__idx" data-testid="comment-link" title={t('shares.screens.permalink')}>
          <LinkOutlined /> #{comment.idx}
        </Link>
        <Author name={comment.author_name} kind={comment.author_kind} />
        <span className="share-comment__time" data-testid="comment-time">
          {formatDateTime(comment.created_at)}
        </span>
        {edited ? <span className="share-comment__time">{t('shares.screens.edited')}</span> : null}
        {comment.latitude !== null && comment.longitude !== null ? (
          <Tooltip title={t('shares.fields.location')}>
            <span className="share-comment__time share-coordinates">{`${comment.latitude.toFixed(5)}, ${comment.longitude.toFixed(5)}`}</span>
          </Tooltip>
        ) : null}
        {comment.mine && onChanged && editing === null ? (
          <Space size={4} className="share-comment__actions">
            <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(comment.body)} data-testid="comment-edit">
              {t('shares.screens.edit')}
            </Button>
            <Popconfirm
              title={t('shares.screens.deleteConfirm')}
              okText={t('shares.screens.delete')}
              cancelText={t('shares.screens.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'comment-delete-confirm' }}
              onConfirm={() => run(() => deleteComment(comment), t('shares.screens.deleted'), onDeleted)}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} data-testid="comment-delete">
                {t('shares.screens.delete')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null}
      </div>
      {editing === null ? (
        <UserText text={comment.body} testId="comment-body" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            value={editing}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => sendKey(event, save)}
            autoSize={{ minRows: 2, maxRows: 12 }}
            maxLength={SHARE_LIMITS.comment}
            autoFocus
            data-testid="comment-edit-input"
          />
          <Space>
            <Button type="primary" size="small" onClick={save} loading={busy} disabled={!editing.trim()} data-testid="comment-save">
              {t('shares.screens.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('shares.screens.cancel')}
            </Button>
          </Space>
        </Space>
      )}
    </div>
  );
}

export function useShare(id: string | undefined) {
  return useQuery({ queryKey: ['destination-shares', 'share', id], queryFn: () => fetchShare(id!), enabled: Boolean(id), retry: false });
}

export default function ShareThreadPage() {
  const { t } = useT();
  const { id } = useParams();
  const share = useShare(id);
  const comments = useQuery({ queryKey: ['destination-shares', 'comments', id], queryFn: () => fetchComments(id!), enabled: Boolean(id), retry: false });
  const [draft, setDraft] = useState('');
  const [posting, setPosting] = useState(false);
  const { hash } = useLocation();
  const target = /^#c(\d+)$/.exec(hash)?.[1];

  // Back from a comment's page (`#c3`): that comment in view, marked.
  useEffect(() => {
    if (target && comments.data) document.getElementById(`c${target}`)?.scrollIntoView({ block: 'center' });
  }, [target, comments.data]);

  const refresh = () => {
    void comments.refetch();
    void share.refetch();
  };
  const post = async () => {
    if (!draft.trim() || !share.data) return;
    setPosting(true);
    try {
      await postComment(share.data.id, draft);
      setDraft('');
      toast.success(t('shares.screens.posted'), 'share-comment');
      refresh();
    } catch (error) {
      toast.error(messageOf(error), 'share-comment');
    } finally {
      setPosting(false);
    }
  };

  if (share.isLoading) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (share.error || !share.data) return <Alert type="error" showIcon message={messageOf(share.error)} data-testid="share-error" />;
  const data = share.data;
  const list = comments.data ?? [];

  return (
    <Card
      className="share-thread"
      title={
        <Space>
          <Link to="/delivery-destination-share" aria-label={t('shares.screens.backToList')}>
            <ArrowLeftOutlined />
          </Link>
          {/* a string React renders as text (i18next does not escape: escaping is React's) */}
          <span data-testid="page-title">{t('shares.screens.threadTitle', { title: data.title })}</span>
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ShareSummary share={data} />
        <div data-testid="share-comments">
          {comments.isLoading ? <Spin /> : null}
          {!comments.isLoading && list.length === 0 ? <Empty description={t('shares.screens.noComments')} /> : null}
          {list.map((comment) => (
            <CommentItem key={comment.idx} comment={comment} onChanged={refresh} highlight={String(comment.idx) === target} />
          ))}
        </div>
        <Space.Compact direction="vertical" style={{ width: '100%' }}>
          <Input.TextArea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => sendKey(event, () => void post())}
            placeholder={t('shares.screens.commentPlaceholder')}
            autoSize={{ minRows: 3, maxRows: 12 }}
            maxLength={SHARE_LIMITS.comment}
            data-testid="comment-input"
          />
        </Space.Compact>
        <Button type="primary" onClick={() => void post()} loading={posting} disabled={!draft.trim()} data-testid="comment-post">
          {t('shares.screens.post')}
        </Button>
      </Space>
    </Card>
  );
}

import { BellOutlined, RightOutlined } from '@ant-design/icons';
import { useCustom, useDataProvider, useOnError } from '@refinedev/core';
import { Badge, Button, List, Popover, Typography } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../../common/time.js';
import type { NotificationPageWire, NotificationWire } from '../../../../server/notifications/schemas.js';
import { NOTIFICATION_PAGE_SIZE, notificationPageSize } from '../../app/config.js';
import { useLiveRefetch } from '../../shared/realtime/use-live.js';
import { API_URL, isHttpError } from '../../app/providers/http.js';
import { liveStatusStore, NOTIFICATION_CHANNEL } from '../../shared/realtime/live-channels.js';
import { toast } from '../../app/providers/toast.js';
import { useT } from '../../app/providers/translate.js';
import { tripDetailPath } from '../../shared/trips/state.js';

/** A notification with the trip whose loading started, when it names one (the server's schema). */
export type AppNotification = NotificationWire;

/** The specification's list body: `status_read` nonzero while the caller has unread notifications. */
type NotificationPage = NotificationPageWire;

export const NOTIFICATION_LIST_URL = `${API_URL}/notification/get_notification_submit_loading_center`;

/**
 * お知らせ: the caller's loading-start notifications, newest first, 15 at a time. The list refetches
 * when the server says a new one was written (the live provider), not on a timer; "show more" asks
 * page 1 again with per_page 15 × (presses + 2), as the specification does.
 */
export function NotificationBell() {
  const { t } = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [presses, setPresses] = useState(0);
  const [perPage, setPerPage] = useState(NOTIFICATION_PAGE_SIZE);
  const [readAt, setReadAt] = useState<Record<number, string>>({});
  const dataProvider = useDataProvider();
  const { mutate: onError } = useOnError();

  const { data, isFetching, refetch } = useCustom<NotificationPage>({
    url: NOTIFICATION_LIST_URL,
    method: 'get',
    config: { query: { page: 1, per_page: perPage } },
    queryOptions: { keepPreviousData: true },
  });
  useLiveRefetch(NOTIFICATION_CHANNEL, refetch);
  // While the socket reconnects the list may be behind: said in the popover (it refetches once back).
  const liveStatus = useSyncExternalStore(liveStatusStore.subscribe, liveStatusStore.get);

  const body = data?.data;
  const items = (body?.data.data ?? []).map((item) => ({ ...item, read_at: readAt[item.id] ?? item.read_at }));
  const total = body?.data.total ?? 0;
  const unread = body?.status_read ?? 0;

  async function openItem(item: AppNotification) {
    setOpen(false);
    if (item.vehicle_allocation_id) navigate(tripDetailPath(item.vehicle_allocation_id));
    if (item.read_at) return;
    try {
      const { data: shown } = await dataProvider().custom!<AppNotification>({
        url: `${API_URL}/notification/show/${item.id}`,
        method: 'get',
      });
      // The server's read_at, not the browser's clock.
      if (shown.read_at) setReadAt((previous) => ({ ...previous, [item.id]: shown.read_at as string }));
      void refetch();
    } catch (error) {
      toast.error(isHttpError(error) ? error.message : String(error), 'notification');
      onError(error);
    }
  }

  function showMore() {
    setPerPage(notificationPageSize(presses));
    setPresses((count) => count + 1);
  }

  const content = (
    <div className="notification-list" data-testid="notification-list">
      <List<AppNotification>
        size="small"
        dataSource={items}
        loading={isFetching && items.length === 0}
        locale={{ emptyText: t('notificationList.empty') }}
        renderItem={(item) => (
          <List.Item
            className={item.read_at ? 'notification-item' : 'notification-item notification-item--unread'}
            data-testid="notification-item"
            data-read={item.read_at ? 'true' : 'false'}
            data-id={item.id}
            role="button"
            tabIndex={0}
            aria-label={item.read_at ? item.title : `${t('realtime.bell.unread')} ${item.title}`}
            onClick={() => void openItem(item)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                void openItem(item);
              }
            }}
            extra={item.vehicle_allocation_id ? <RightOutlined className="notification-item__open" title={t('realtime.bell.openTrip')} /> : null}
          >
            <List.Item.Meta
              title={
                <Typography.Text strong={!item.read_at}>
                  {item.read_at ? null : <Badge status="processing" />}
                  {item.title}
                </Typography.Text>
              }
              description={<span data-testid="notification-time">{formatDateTime(item.date_create)}</span>}
            />
          </List.Item>
        )}
      />
      {items.length < total ? (
        <Button block type="link" loading={isFetching} onClick={showMore} data-testid="notification-more">
          {t('notificationList.showMore')}
        </Button>
      ) : null}
    </div>
  );

  const title = (
    <div className="notification-title">
      <span>{t('menu.notifications')}</span>
      <Typography.Text type="secondary" className="notification-title__count" data-testid="notification-summary">
        {unread ? t('realtime.bell.unreadCount', { count: unread }) : t('realtime.bell.allRead')}
        {total ? ` · ${t('realtime.bell.shown', { shown: items.length, total })}` : null}
      </Typography.Text>
      {liveStatus === 'waiting' ? (
        <Typography.Text type="warning" className="notification-title__status" data-testid="notification-reconnecting">
          {t('realtime.bell.reconnecting')}
        </Typography.Text>
      ) : null}
    </div>
  );

  return (
    // Centred under the bell, antd shifts the popover sideways to keep it on a phone's screen.
    <Popover trigger="click" placement="bottom" title={title} content={content} open={open} onOpenChange={setOpen}>
      <Badge count={unread} overflowCount={99} size="small" offset={[-4, 4]} data-testid="notification-badge">
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined style={{ fontSize: 20 }} />}
          aria-label={unread ? `${t('menu.notifications')} (${t('realtime.bell.unreadCount', { count: unread })})` : t('menu.notifications')}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}

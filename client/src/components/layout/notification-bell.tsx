import { BellOutlined } from '@ant-design/icons';
import { useCustom, useDataProvider, useOnError } from '@refinedev/core';
import { Badge, Button, List, Popover, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../../common/time.js';
import { NOTIFICATION_PAGE_SIZE, notificationPageSize } from '../../config.js';
import { API_URL, isHttpError } from '../../providers/http.js';
import { toast } from '../../providers/toast.js';
import { useT } from '../../providers/translate.js';

export interface AppNotification {
  id: number;
  title: string;
  type: string;
  read_at: string | null;
  date_create: string;
  vehicle_allocation_id: number | null;
}

/** The body of get_notification_submit_loading_center (specification section 7). */
interface NotificationPage {
  status_read: number;
  data: { data: AppNotification[]; total: number; page: number; per_page: number };
}

/** Without the websocket contract settled, the list is refreshed on this interval. */
const REFRESH_MS = 60_000;

export function NotificationBell() {
  const { t } = useT();
  const [presses, setPresses] = useState(0);
  const [perPage, setPerPage] = useState(NOTIFICATION_PAGE_SIZE);
  const [readAt, setReadAt] = useState<Record<number, string>>({});
  const dataProvider = useDataProvider();
  const { mutate: onError } = useOnError();

  const { data, isFetching, refetch } = useCustom<NotificationPage>({
    url: `${API_URL}/notification/get_notification_submit_loading_center`,
    method: 'get',
    config: { query: { page: 1, per_page: perPage } },
    queryOptions: { keepPreviousData: true, refetchInterval: REFRESH_MS },
  });
  const page = data?.data;
  const items = (page?.data.data ?? []).map((item) => ({ ...item, read_at: readAt[item.id] ?? item.read_at }));
  const total = page?.data.total ?? 0;
  const hasUnread = (page?.status_read ?? 0) !== 0;

  async function markRead(item: AppNotification) {
    try {
      const { data: shown } = await dataProvider().custom!<AppNotification>({
        url: `${API_URL}/notification/show/${item.id}`,
        method: 'get',
      });
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
            onClick={() => void markRead(item)}
          >
            <List.Item.Meta
              title={
                <Typography.Text strong={!item.read_at}>
                  {item.read_at ? null : <Badge status="processing" />}
                  {item.title}
                </Typography.Text>
              }
              description={formatDateTime(item.date_create)}
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

  return (
    // Centred under the bell, antd shifts the popover sideways to keep it on a phone's screen.
    <Popover trigger="click" placement="bottom" title={t('menu.notifications')} content={content}>
      <Badge dot={hasUnread} offset={[-4, 4]}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined style={{ fontSize: 20 }} />}
          aria-label={t('menu.notifications')}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
}

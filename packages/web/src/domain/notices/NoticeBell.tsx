import { BellOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/auth/useAuth';
import { formatDateTime } from '../../app/format';
import { NOTICE_POLL_MS, noticePath, noticesApi, noticesKey, type Notice } from './notices-api';

const LIST_WIDTH = 360;

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const unread = notice.readAt === null;
  return (
    <li>
      <button
        type="button"
        data-testid={`notice-${notice.id}`}
        data-unread={unread}
        onClick={() => onOpen(notice)}
        style={{
          display: 'block',
          width: '100%',
          textAlign: 'start',
          padding: '8px 12px',
          border: 0,
          borderBottom: '1px solid #f0f0f0',
          background: unread ? '#f6ffed' : 'transparent',
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        <Typography.Text strong={unread} style={{ display: 'block' }}>
          {notice.title}
        </Typography.Text>
        {notice.body && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: notice.body }} style={{ display: 'block', fontSize: 12 }}>
            {notice.body}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(notice.createdAt)}
        </Typography.Text>
      </button>
    </li>
  );
}

/**
 * The bell of the shell's header (issue 15): the count of unread notices, asked every minute and
 * when the window gets the focus back, and a popover with the latest ones (unread in bold). A
 * click on a notice marks it read and opens its record; "mark all as read" clears the count.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const key = noticesKey(user?.id);

  const { data } = useQuery({
    queryKey: key,
    queryFn: () => noticesApi.latest(),
    enabled: user !== null,
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: true,
    // a focus or an open of the list always asks again; the minute's poll keeps it fresh meanwhile
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const markRead = useMutation({ mutationFn: noticesApi.markRead, onSettled: refresh });
  const markAll = useMutation({ mutationFn: noticesApi.markAllRead, onSettled: refresh });

  if (!user) return null;
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  const openNotice = (notice: Notice) => {
    setOpen(false);
    if (notice.readAt === null) markRead.mutate(notice.id);
    const path = noticePath(notice);
    if (path) void navigate(path);
  };

  const content = (
    <div style={{ width: LIST_WIDTH, maxWidth: '90vw' }} data-testid="notice-list">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('NOTICES.EMPTY')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' }}>
          {items.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} onOpen={openNotice} />
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refresh();
      }}
      trigger="click"
      placement="bottomRight"
      title={
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <span>{t('NOTICES.TITLE')}</span>
          <Button size="small" type="link" data-testid="notice-mark-all" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('NOTICES.MARK_ALL_READ')}
          </Button>
        </div>
      }
      content={content}
    >
      <Button type="text" data-testid="notice-bell" aria-label={t('NOTICES.BELL', { count: unread })}>
        <Badge count={unread} size="small" overflowCount={99} data-testid="notice-count">
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}

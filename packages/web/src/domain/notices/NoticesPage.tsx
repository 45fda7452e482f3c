import { CheckOutlined, ExportOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../app/auth/useAuth';
import { formatDateTime, formatNumber } from '../../app/format';
import { AreaTitle } from '../../features/security/AdminArea';
import { noticePath, noticesApi, noticesPageKey, type Notice, type NoticeFilter } from './notices-api';

const ROUTE = 'notices';
const PAGE_SIZE = 20;

/**
 * `/notices` (issue 20): every notice of the signed-in user, newest first, paged by the server;
 * all, unread or read ones; one marked read, or all at once; a notice's record opened (which marks
 * it read, as the bell does). Changes refresh the bell's count too (one query key family).
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<NoticeFilter>('all');
  const [page, setPage] = useState(0);

  const { data, isPending, isError, refetch } = useQuery({
    queryKey: noticesPageKey(user?.id, filter, page, PAGE_SIZE),
    queryFn: ({ signal }) => noticesApi.page(filter, page, PAGE_SIZE, signal),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notices'] });
  const markRead = useMutation({ mutationFn: noticesApi.markRead, onSettled: refresh });
  const markAll = useMutation({ mutationFn: noticesApi.markAllRead, onSettled: refresh });

  const open = (notice: Notice) => {
    if (notice.readAt === null) markRead.mutate(notice.id);
    const path = noticePath(notice);
    if (path) void navigate(path);
  };
  const unread = data?.unread ?? 0;

  return (
    <div data-testid="notices-page">
      <AreaTitle
        route={ROUTE}
        extra={
          <Button icon={<CheckOutlined />} data-testid="notices-mark-all" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            {t('NOTICES.MARK_ALL_READ')}
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<NoticeFilter>
          data-testid="notices-filter"
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPage(0);
          }}
          options={[
            { value: 'all', label: t('NOTICES_PAGE.ALL') },
            { value: 'unread', label: t('NOTICES_PAGE.UNREAD') },
            { value: 'read', label: t('NOTICES_PAGE.READ') },
          ]}
        />
        <Typography.Text type="secondary" data-testid="notices-unread">
          {t('NOTICES_PAGE.UNREAD_COUNT', { count: unread, formatted: formatNumber(unread) })}
        </Typography.Text>
      </Space>
      {isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('NOTICES_PAGE.LOAD_ERROR')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('NOTICES_PAGE.RETRY')}
            </Button>
          }
        />
      )}
      <Table<Notice>
        data-testid="notices-table"
        rowKey="id"
        size="small"
        loading={isPending}
        dataSource={data?.items ?? []}
        locale={{ emptyText: t('NOTICES.EMPTY') }}
        onRow={(notice) => ({ 'data-testid': `notices-row-${notice.id}`, 'data-unread': notice.readAt === null }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page + 1,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => setPage(next - 1),
          showTotal: (total) => t('NOTICES_PAGE.TOTAL', { count: total, formatted: formatNumber(total) }),
        }}
        columns={[
          {
            key: 'title',
            title: t('NOTICES_PAGE.COLUMNS.TITLE'),
            render: (_, notice) => (
              <div>
                <Typography.Text strong={notice.readAt === null}>{notice.title}</Typography.Text>
                {notice.body && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {notice.body}
                  </Typography.Text>
                )}
              </div>
            ),
          },
          { key: 'createdAt', title: t('NOTICES_PAGE.COLUMNS.CREATED'), width: 160, render: (_, notice) => formatDateTime(notice.createdAt) },
          {
            key: 'state',
            title: t('NOTICES_PAGE.COLUMNS.STATE'),
            width: 200,
            render: (_, notice) =>
              notice.readAt === null ? <Tag color="green">{t('NOTICES_PAGE.STATE_UNREAD')}</Tag> : <Tag>{t('NOTICES_PAGE.STATE_READ', { at: formatDateTime(notice.readAt) })}</Tag>,
          },
          {
            key: 'actions',
            title: '',
            width: 260,
            render: (_, notice) => (
              <Space>
                {notice.readAt === null && (
                  <Button size="small" data-testid={`notices-read-${notice.id}`} loading={markRead.isPending && markRead.variables === notice.id} onClick={() => markRead.mutate(notice.id)}>
                    {t('NOTICES_PAGE.MARK_READ')}
                  </Button>
                )}
                {noticePath(notice) && (
                  <Button size="small" type="link" icon={<ExportOutlined />} data-testid={`notices-open-${notice.id}`} onClick={() => open(notice)}>
                    {t('NOTICES_PAGE.OPEN')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}

import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { CATALOGUE, isExternal, TRANSACTION_STATUSES, transaction, type RecordOf, type Target } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Space, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { http } from '../../api/client';
import { formatDate } from '../../app/format';
import { useCurrentUser } from '../../app/auth/useAuth';
import { widgetFor } from '../../fields/registry';
import { RecordPage } from '../../records/form/RecordPage';
import { RecordListPage } from '../../records/list/RecordListPage';
import type { AreaPageProps } from '../slots';

type Request = RecordOf<typeof transaction>;

/** The statuses of a request still in the works: the owner's landing shows these first. */
export const OPEN_STATUSES = ['DRAFT', 'SUBMITTED', 'ACCEPTED', 'PLANNED'] as const;

const query = (value: unknown) => JSON.stringify(value);

/** The pickup points of the user's company (the server's row rules keep them to it). */
function usePickupPoints() {
  return useQuery({
    queryKey: ['requests', 'pickup-points'],
    queryFn: () =>
      http.data<{ items: { id: number; name: string; owner: number | null }[] }>('/api/warehouses/warehouses-pdp', {
        query: { q: query({ sort: [{ field: 'name', dir: 'asc' }] }), page: 0, size: 50 },
      }),
  });
}

/** The user's open requests of this route, the soonest wished first. */
function useOpenRequests(target: Target) {
  return useQuery({
    queryKey: ['requests', target.route, 'open'],
    queryFn: () =>
      http.data<{ items: Request[]; total: number }>(target.endpoint, {
        query: {
          q: query({ filters: [{ field: 'status', op: 'in', value: [...OPEN_STATUSES] }], sort: [{ field: 'wishedFrom', dir: 'asc' }] }),
          page: 0,
          size: 100,
        },
      }),
  });
}

/**
 * The landing of owners and customers (spec §1: ROLE_OWNER lands on `rdr`): their open requests
 * first, and a new request one click away for each of their pickup points (requester and pickup
 * point filled in). The whole list is a click away (`?all=1`).
 */
function OwnerLanding({ target }: { target: Target }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const points = usePickupPoints();
  const open = useOpenRequests(target);
  const statuses = TRANSACTION_STATUSES.list;
  const PickupPoint = widgetFor(transaction.fields.pickupPoint).Display;
  const newRequest = (pickupPoint?: number) =>
    navigate(`/${target.route}/new`, { state: { defaults: { requester: user?.subjectId ?? null, ...(pickupPoint ? { pickupPoint } : {}) } } });

  return (
    <Flex vertical gap={16} data-testid="requests-landing">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={2} style={{ margin: 0 }}>
            {t('REQUESTS.LANDING_TITLE')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('REQUESTS.LANDING_SUBTITLE')}</Typography.Text>
        </div>
        <Space wrap>
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate(`/${target.route}?all=1`)} data-testid="requests-all">
            {t('REQUESTS.ALL_REQUESTS')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => newRequest(points.data?.items.length === 1 ? points.data.items[0]!.id : undefined)} data-testid="requests-new">
            {t('REQUESTS.NEW_REQUEST')}
          </Button>
        </Space>
      </Flex>

      {(points.data?.items.length ?? 0) > 1 && (
        <Flex gap={8} wrap>
          {points.data!.items.map((point) => (
            <Button key={point.id} icon={<PlusOutlined />} onClick={() => newRequest(point.id)} data-testid={`requests-new-${point.id}`}>
              {t('REQUESTS.NEW_REQUEST_AT', { name: point.name })}
            </Button>
          ))}
        </Flex>
      )}

      <Card title={t('REQUESTS.OPEN')} size="small">
        {open.isPending ? (
          <Spin />
        ) : open.isError ? (
          <Alert type="error" message={t('NOTIFICATIONS.ERROR.DESCRIPTION')} />
        ) : open.data.items.length === 0 ? (
          <Empty description={t('REQUESTS.NONE_OPEN')} />
        ) : (
          <Table<Request>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={open.data.items}
            onRow={(row) => ({ onClick: () => navigate(`/${target.route}/${row.id}`), style: { cursor: 'pointer' } })}
            data-testid="requests-open"
            columns={[
              { key: 'code', title: t('RECORD_LIST.COLUMN.CODE'), dataIndex: 'code' },
              {
                key: 'status',
                title: t('RECORD_LIST.COLUMN.STATUS'),
                render: (_, row) => {
                  const status = statuses.find((s) => s.code === row.status);
                  return <Tag color={status?.color}>{status ? (i18n.language === 'en' ? status.label.en : status.label.it) : row.status}</Tag>;
                },
              },
              { key: 'pickupPoint', title: transaction.fields.pickupPoint.label[i18n.language === 'en' ? 'en' : 'it'], render: (_, row) => <PickupPoint name="pickupPoint" field={transaction.fields.pickupPoint} value={row.pickupPoint} /> },
              {
                key: 'when',
                title: t('REQUESTS.PLANNED_DATE'),
                render: (_, row) =>
                  row.plannedDate
                    ? t('REQUESTS.PLANNED_ON', { date: formatDate(row.plannedDate) })
                    : row.wishedTo
                      ? t('REQUESTS.WISHED', { from: formatDate(row.wishedFrom), to: formatDate(row.wishedTo) })
                      : t('REQUESTS.WISHED_FROM', { from: formatDate(row.wishedFrom) }),
              },
            ]}
          />
        )}
      </Card>
    </Flex>
  );
}

/**
 * The page of a request route: external users (owners, customers) land on their requests; staff,
 * and anyone asking for the whole list, get the generic list; records open in the generic record page.
 */
export default function RequestsPage({ route, mode }: AreaPageProps) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const target = CATALOGUE.target(route)!;
  if (mode !== 'list') return <RecordPage route={route} mode={mode} />;
  if (user && isExternal(user) && params.get('all') !== '1') return <OwnerLanding target={target} />;
  return <RecordListPage route={route} />;
}

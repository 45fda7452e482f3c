import { API_TOKEN_MAX_DAYS, type ApiToken, type ApiTokenScope, type CreatedApiToken } from '@circula/model';
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Modal, Popconfirm, Select, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, formatDate, formatDateTime } from '../../app/format';
import type { AreaPageProps } from '../slots';
import { TOKENS_KEY, tokensApi } from './tokens-api';

const STATUS_COLORS: Record<ApiToken['status'], string> = { ACTIVE: 'green', EXPIRED: 'default', REVOKED: 'red' };

interface NewTokenValues {
  name: string;
  expiresAt: Dayjs;
  scope: ApiTokenScope;
}

/** The token just created, shown this once with a copy button. */
function CreatedTokenModal({ created, onClose }: { created: CreatedApiToken | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal open={created !== null} title={t('API_TOKENS.CREATED_TITLE')} onCancel={onClose} footer={<Button type="primary" onClick={onClose} data-testid="api-token-created-close">{t('API_TOKENS.DONE')}</Button>} mask={{ closable: false }}>
      {created && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('API_TOKENS.SHOWN_ONCE')} />
          <Typography.Paragraph copyable={{ text: created.token, tooltips: [t('API_TOKENS.COPY'), t('API_TOKENS.COPIED')] }} code data-testid="api-token-created-value" style={{ wordBreak: 'break-all' }}>
            {created.token}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('API_TOKENS.EXPIRES_ON', { date: formatDate(created.expiresAt) })}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}

function NewTokenModal({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(token: CreatedApiToken): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewTokenValues>();
  const create = useMutation({
    mutationFn: (values: NewTokenValues) => tokensApi.create({ name: values.name.trim(), expiresAt: values.expiresAt.format('YYYY-MM-DD'), scope: values.scope }),
    onSuccess: (token) => {
      form.resetFields();
      onCreated(token);
    },
  });
  const today = dayjs().startOf('day');
  return (
    <Modal
      open={open}
      title={t('API_TOKENS.NEW')}
      okText={t('API_TOKENS.CREATE')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'api-token-create-submit' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<NewTokenValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ scope: 'FULL', expiresAt: today.add(90, 'day') }}
        onFinish={(values) => create.mutate(values)}
        disabled={create.isPending}
      >
        <Form.Item name="name" label={t('API_TOKENS.NAME')} rules={[{ required: true, whitespace: true, message: t('VALIDATION.REQUIRED') }, { max: 100 }]}>
          <Input data-testid="api-token-name" autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('API_TOKENS.EXPIRES')} extra={t('API_TOKENS.EXPIRES_HINT', { days: API_TOKEN_MAX_DAYS })} rules={[{ required: true, message: t('VALIDATION.REQUIRED') }]}>
          <DatePicker
            format={DATE_FORMAT}
            allowClear={false}
            style={{ width: '100%' }}
            disabledDate={(day) => day.isBefore(today, 'day') || day.isAfter(today.add(API_TOKEN_MAX_DAYS - 1, 'day'), 'day')}
            data-testid="api-token-expires"
          />
        </Form.Item>
        <Form.Item name="scope" label={t('API_TOKENS.SCOPE')}>
          <Select<ApiTokenScope>
            data-testid="api-token-scope"
            options={(['FULL', 'READ_ONLY'] as const).map((scope) => ({ value: scope, label: t(`API_TOKENS.SCOPES.${scope}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Route `token`: the signed-in user's personal API tokens. A token acts with the user's own rights
 * (read at each request); the clear token is shown once, at creation; revoking asks first.
 */
export function ApiTokensPage({ rights }: AreaPageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const list = useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => tokensApi.list(signal) });
  const revoke = useMutation({
    mutationFn: (id: number) => tokensApi.revoke(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY }),
  });

  const columns: TableColumnsType<ApiToken> = [
    { title: t('API_TOKENS.NAME'), dataIndex: 'name' },
    { title: t('API_TOKENS.PREFIX'), dataIndex: 'prefix', render: (prefix: string) => <Typography.Text code>{prefix}_…</Typography.Text> },
    { title: t('API_TOKENS.SCOPE'), dataIndex: 'scope', width: 140, render: (scope: ApiTokenScope) => t(`API_TOKENS.SCOPES.${scope}`) },
    { title: t('API_TOKENS.CREATED'), dataIndex: 'createdAt', width: 150, render: (at: string) => formatDateTime(at) },
    { title: t('API_TOKENS.EXPIRES'), dataIndex: 'expiresAt', width: 120, render: (at: string) => formatDate(at) },
    { title: t('API_TOKENS.LAST_USED'), dataIndex: 'lastUsedAt', width: 150, render: (at: string | null) => (at ? formatDateTime(at) : t('API_TOKENS.NEVER')) },
    {
      title: t('API_TOKENS.STATUS'),
      dataIndex: 'status',
      width: 110,
      render: (status: ApiToken['status']) => <Tag color={STATUS_COLORS[status]}>{t(`API_TOKENS.STATUSES.${status}`)}</Tag>,
    },
    {
      key: 'actions',
      width: 110,
      render: (_, token) =>
        token.status === 'ACTIVE' ? (
          <Popconfirm
            title={t('API_TOKENS.REVOKE_CONFIRM', { name: token.name })}
            okText={t('API_TOKENS.REVOKE')}
            okButtonProps={{ danger: true }}
            onConfirm={() => revoke.mutateAsync(token.id)}
          >
            <Button danger size="small" data-testid={`api-token-revoke-${token.id}`}>
              {t('API_TOKENS.REVOKE')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title={
        <span>
          <KeyOutlined /> {t('API_TOKENS.TITLE')}
        </span>
      }
      extra={
        rights.canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-token-new">
            {t('API_TOKENS.NEW')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('API_TOKENS.INTRO')}</Typography.Paragraph>
      {list.isError ? (
        <Alert type="error" showIcon title={t('API_TOKENS.LOAD_ERROR')} />
      ) : list.isPending ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <Table<ApiToken> rowKey="id" size="small" columns={columns} dataSource={list.data} pagination={false} locale={{ emptyText: t('API_TOKENS.EMPTY') }} data-testid="api-tokens" />
      )}
      <NewTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
          void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
        }}
      />
      <CreatedTokenModal created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}

import type { ColDef, ICellRendererParams } from 'ag-grid-community';
import { Alert, Button, Descriptions, Drawer, Input, Select, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { AdminList } from '../security/AdminArea';
import { outboxFilters, OUTBOX_ENDPOINT, type OutboxMessage } from './mail-api';

const ROUTE = 'mail-outbox';
const STATUSES = ['SENT', 'QUEUED', 'FAILED'] as const;
const STATUS_COLOR: Record<string, string> = { SENT: 'green', QUEUED: 'blue', FAILED: 'red', KEPT: 'blue' };

/** `/mail-outbox`: the messages the application sent or keeps (administrators and managers; system menu → user data). */
export function MailOutboxPage() {
  return <Outbox />;
}

export function MailStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`MAIL_OUTBOX.STATUSES.${status}`, { defaultValue: status })}</Tag>;
}

function Outbox() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [applied, setApplied] = useState('');
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const filters = useMemo(() => outboxFilters({ to: applied, ...(status ? { status } : {}) }), [applied, status]);

  const columnDefs = useMemo<ColDef<OutboxMessage>[]>(
    () => [
      { colId: 'createdAt', field: 'createdAt', headerName: t('MAIL_OUTBOX.DATE'), valueFormatter: (p) => (p.value ? formatDateTime(p.value as string) : ''), maxWidth: 180 },
      { colId: 'to', field: 'to', headerName: t('MAIL_OUTBOX.TO'), minWidth: 200 },
      { colId: 'subject', field: 'subject', headerName: t('MAIL_OUTBOX.SUBJECT'), minWidth: 260 },
      { colId: 'template', field: 'template', headerName: t('MAIL_OUTBOX.TEMPLATE'), valueFormatter: (p) => (p.value ? t(`MAIL_OUTBOX.TEMPLATES.${p.value as string}`, { defaultValue: p.value as string }) : '') },
      {
        colId: 'status',
        headerName: t('MAIL_OUTBOX.STATUS'),
        maxWidth: 140,
        cellRenderer: (p: ICellRendererParams<OutboxMessage>) => (p.data ? <MailStatus status={p.data.status} /> : null),
      },
      { colId: 'error', field: 'error', headerName: t('MAIL_OUTBOX.ERROR'), tooltipField: 'error' },
      {
        colId: 'open',
        headerName: '',
        maxWidth: 110,
        minWidth: 90,
        cellRenderer: (p: ICellRendererParams<OutboxMessage>) =>
          p.data ? (
            <Button size="small" type="link" data-testid={`outbox-open-${p.data.id}`} onClick={() => setOpen(p.data!)}>
              {t('MAIL_OUTBOX.VIEW')}
            </Button>
          ) : null,
      },
    ],
    [t],
  );

  return (
    <>
      <AdminList<OutboxMessage>
        route={ROUTE}
        endpoint={OUTBOX_ENDPOINT}
        columnDefs={columnDefs}
        rowId={(m) => String(m.id)}
        searchable={false}
        filters={filters}
        reloadKey={0}
        onOpen={setOpen}
        controls={
          <>
            <Input.Search
              data-testid="outbox-to"
              allowClear
              placeholder={t('MAIL_OUTBOX.TO_FILTER')}
              value={to}
              onChange={(e) => {
                setTo(e.target.value);
                if (!e.target.value) setApplied('');
              }}
              onSearch={setApplied}
              style={{ width: 300 }}
            />
            <Select
              data-testid="outbox-status"
              allowClear
              placeholder={t('MAIL_OUTBOX.STATUS')}
              value={status}
              onChange={setStatus}
              style={{ width: 180 }}
              options={STATUSES.map((s) => ({ value: s, label: t(`MAIL_OUTBOX.STATUSES.${s}`) }))}
            />
          </>
        }
      />
      <MessageDrawer message={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** One message: its envelope and its body, the HTML in a sandboxed frame (no scripts, no links out of it). */
function MessageDrawer({ message, onClose }: { message: OutboxMessage | null; onClose(): void }) {
  const { t } = useTranslation();
  if (!message) return null;
  const none = '—';
  return (
    <Drawer open width={720} title={message.subject} onClose={onClose} destroyOnHidden>
      <div data-testid="outbox-message">
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'to', label: t('MAIL_OUTBOX.TO'), children: message.to },
            { key: 'subject', label: t('MAIL_OUTBOX.SUBJECT'), children: message.subject },
            { key: 'template', label: t('MAIL_OUTBOX.TEMPLATE'), children: t(`MAIL_OUTBOX.TEMPLATES.${message.template}`, { defaultValue: message.template }) },
            { key: 'lang', label: t('MAIL_OUTBOX.LANGUAGE'), children: message.lang },
            { key: 'status', label: t('MAIL_OUTBOX.STATUS'), children: <MailStatus status={message.status} /> },
            { key: 'transport', label: t('MAIL_OUTBOX.TRANSPORT'), children: message.transport },
            { key: 'created', label: t('MAIL_OUTBOX.DATE'), children: formatDateTime(message.createdAt) },
            { key: 'sent', label: t('MAIL_OUTBOX.SENT_AT'), children: message.sentAt ? formatDateTime(message.sentAt) : none },
            { key: 'by', label: t('MAIL_OUTBOX.CREATED_BY'), children: message.createdBy ?? none },
          ]}
        />
        {message.error && <Alert style={{ marginTop: 12 }} type="error" showIcon title={t('MAIL_OUTBOX.ERROR')} description={message.error} />}
        <Tabs
          style={{ marginTop: 12 }}
          items={[
            ...(message.html
              ? [
                  {
                    key: 'html',
                    label: t('MAIL_OUTBOX.HTML'),
                    children: (
                      <iframe
                        data-testid="outbox-html"
                        title={message.subject}
                        sandbox=""
                        srcDoc={message.html}
                        style={{ width: '100%', height: 420, border: '1px solid #f0f0f0', background: '#fff' }}
                      />
                    ),
                  },
                ]
              : []),
            {
              key: 'text',
              label: t('MAIL_OUTBOX.TEXT'),
              children: (
                <Typography.Paragraph data-testid="outbox-text" style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
                  {message.text ?? none}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </div>
    </Drawer>
  );
}

import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { HistoryEntry, SysRegistryEntry } from '@circula/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyToMessage, errorMessageText } from '../../api/errors';
import { formatDateTime } from '../../app/format';
import { getEnvironment } from '../../app/environment';
import { AreaTitle } from '../../features/security/AdminArea';
import type { AreaPageProps } from '../slots';
import { registryApi, registryHistoryKey, registryKey, SYSREGISTRY_ROUTE } from './registry-api';

const LANGUAGES = ['it', 'en'] as const;

/** A key's description in the user's language (SYSREGISTRY.KEYS.{key}), or nothing for keys the application keeps for itself. */
function useDescription() {
  const { t, i18n } = useTranslation();
  return (key: string) => (i18n.exists(`SYSREGISTRY.KEYS.${key}`) ? t(`SYSREGISTRY.KEYS.${key}`) : '');
}

const show = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The history of one key: who changed what, when (the registry writes a history row per change). */
function HistoryDrawer({ entryKey, onClose }: { entryKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: registryHistoryKey(entryKey), queryFn: ({ signal }) => registryApi.history(entryKey, signal) });
  return (
    <Drawer open title={t('SYSREGISTRY.HISTORY_TITLE', { key: entryKey })} onClose={onClose} size="large" data-testid="sysregistry-history">
      {isError ? (
        <Alert type="error" showIcon title={t('SYSREGISTRY.LOAD_ERROR')} />
      ) : (
        <Table<HistoryEntry>
          size="small"
          rowKey={(h) => `${h.version}-${h.at}`}
          loading={isPending}
          pagination={false}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('SYSREGISTRY.NO_HISTORY') }}
          columns={[
            { key: 'version', dataIndex: 'version', title: t('SYSREGISTRY.VERSION'), width: 80 },
            { key: 'at', title: t('SYSREGISTRY.AT'), width: 150, render: (_, h) => formatDateTime(h.at) },
            { key: 'by', title: t('SYSREGISTRY.BY'), width: 120, render: (_, h) => h.by ?? '—' },
            {
              key: 'changes',
              title: t('SYSREGISTRY.CHANGES'),
              render: (_, h) => (
                <Space orientation="vertical" size={0}>
                  {Object.entries(h.changes).map(([field, [before, after]]) => (
                    <Typography.Text key={field} data-testid={`sysregistry-change-${h.version}-${field}`}>
                      {t(`SYSREGISTRY.FIELDS.${field}`, { defaultValue: field })}: {show(before)} → {show(after)}
                    </Typography.Text>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}

interface EditValues {
  theValue: string;
  translation: Record<string, string>;
}

/** Changes a key's value (and its translated message, for a key that has one); the server checks the value. */
function EditModal({ entry, onClose }: { entry: SysRegistryEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const translated = Object.keys(entry.translation).length > 0;
  const description = useDescription()(entry.key);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setFailure(null);
    try {
      await registryApi.update(entry.key, { version: entry.version, theValue: values.theValue, ...(translated ? { translation: { ...entry.translation, ...values.translation } } : {}) });
      // the list, the key's history and the password rule the forms check read it again
      await Promise.all([queryClient.invalidateQueries({ queryKey: registryKey }), queryClient.invalidateQueries({ queryKey: ['sysregistry'] })]);
      onClose();
    } catch (error) {
      const body = error instanceof ApiError ? error.body : null;
      const fieldErrors = body?.errorCode === 'CONSTRAINT_VIOLATION' ? (body.errors ?? []) : [];
      const onValue = fieldErrors.filter((e) => e.field === 'theValue' || e.field.startsWith('translation'));
      if (onValue.length > 0) {
        form.setFields(
          onValue.map((e) => ({
            name: e.field === 'theValue' ? 'theValue' : ['translation', e.field.split('.')[1] ?? 'it'],
            errors: [errorMessageText(t, e.message, e.params, i18n.language)],
          })),
        );
      } else {
        setFailure(error instanceof ApiError && error.status === 409 ? t('SYSREGISTRY.CONFLICT') : errorBodyToMessage(body, t, i18n.language));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('SYSREGISTRY.EDIT_TITLE', { key: entry.key })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('SYSREGISTRY.SAVE')}
      cancelText={t('SYSREGISTRY.CANCEL')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'sysregistry-save' } as never}
      data-testid="sysregistry-edit"
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {failure && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={failure} data-testid="sysregistry-failure" />}
      <Form form={form} layout="vertical" initialValues={{ theValue: entry.theValue, translation: entry.translation }}>
        <Form.Item name="theValue" label={t('SYSREGISTRY.VALUE')} rules={[{ max: 4000 }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} data-testid="sysregistry-value" />
        </Form.Item>
        {translated &&
          LANGUAGES.map((lang) => (
            <Form.Item key={lang} name={['translation', lang]} label={t('SYSREGISTRY.MESSAGE_IN', { lang: lang.toUpperCase() })} rules={[{ max: 2000 }]}>
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid={`sysregistry-translation-${lang}`} />
            </Form.Item>
          ))}
      </Form>
    </Modal>
  );
}

/**
 * `/sysregistry` (spec §2, administrators): the system registry's keys with their value and what
 * they mean; the password rule with the message users read; a key changed (the server checks the
 * value: a refused one shows its translated error under the field) and its history.
 */
export function SysRegistryPage({ rights }: AreaPageProps) {
  const { t, i18n } = useTranslation();
  const describe = useDescription();
  const [editing, setEditing] = useState<SysRegistryEntry | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const { data, isPending, isError, refetch } = useQuery({ queryKey: registryKey, queryFn: ({ signal }) => registryApi.list(signal) });
  const items = data?.items ?? [];
  const ruleKey = getEnvironment().passwordRuleKey;
  const rule = items.find((e) => e.key === ruleKey);
  const message = (entry: SysRegistryEntry) => entry.translation[i18n.language] ?? entry.translation.it ?? '';

  return (
    <div data-testid="sysregistry-page">
      <AreaTitle route={SYSREGISTRY_ROUTE} />
      {rule && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="sysregistry-password-rule"
          title={t('SYSREGISTRY.PASSWORD_RULE')}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }} data-testid="sysregistry-password-message">
                {message(rule) || t('CHANGE_PASSWORD.RULE_FALLBACK')}
              </Typography.Paragraph>
              <Typography.Text code>{rule.theValue}</Typography.Text>
            </>
          }
        />
      )}
      {isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('SYSREGISTRY.LOAD_ERROR')}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {t('SYSREGISTRY.RETRY')}
            </Button>
          }
        />
      )}
      <Table<SysRegistryEntry>
        data-testid="sysregistry-table"
        size="small"
        rowKey="key"
        loading={isPending}
        dataSource={items}
        pagination={false}
        columns={[
          { key: 'key', dataIndex: 'key', title: t('SYSREGISTRY.KEY'), width: 260, render: (key: string) => <Typography.Text code>{key}</Typography.Text> },
          {
            key: 'value',
            title: t('SYSREGISTRY.VALUE'),
            render: (_, e) => (
              <Typography.Text ellipsis={{ tooltip: e.theValue }} style={{ maxWidth: 320 }} data-testid={`sysregistry-value-${e.key}`}>
                {e.theValue}
              </Typography.Text>
            ),
          },
          {
            key: 'description',
            title: t('SYSREGISTRY.DESCRIPTION'),
            render: (_, e) => (
              <span>
                {describe(e.key)}
                {message(e) && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {message(e)}
                  </Typography.Text>
                )}
              </span>
            ),
          },
          {
            key: 'actions',
            title: '',
            width: 220,
            render: (_, e) => (
              <Space>
                {rights.canWrite && (
                  <Button size="small" icon={<EditOutlined />} data-testid={`sysregistry-edit-${e.key}`} onClick={() => setEditing(e)}>
                    {t('SYSREGISTRY.EDIT')}
                  </Button>
                )}
                <Button size="small" icon={<HistoryOutlined />} data-testid={`sysregistry-history-${e.key}`} onClick={() => setHistory(e.key)}>
                  {t('SYSREGISTRY.HISTORY')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <EditModal entry={editing} onClose={() => setEditing(null)} />}
      {history && <HistoryDrawer entryKey={history} onClose={() => setHistory(null)} />}
    </div>
  );
}

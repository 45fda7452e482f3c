import { FilePdfOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/format';
import { notifySuccess } from '../../app/notifications';
import { openInNewWindow, privacyApi, privacyDownloadUrl, type AcceptedPrivacy, type AgreementItem } from './privacy-api';
import { agreementAnswers, DEFAULT_AGREEMENTS_FIELD, initialAgreementValues, ServiceAgreements, type AgreementValues } from './ServiceAgreements';

/** The documents a user accepted: the last accepted version, when, and whether a newer one waits. */
function AcceptedPrivacies({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery({ queryKey: ['accepted-privacies', userId], queryFn: () => privacyApi.accepted(userId) });
  if (isError) return <Alert type="error" showIcon title={t('PRIVACY.PROFILE.LOAD_FAILED')} />;
  return (
    <Table<AcceptedPrivacy>
      data-testid="accepted-privacies"
      size="small"
      rowKey="id"
      loading={isPending}
      pagination={false}
      dataSource={data ?? []}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('PRIVACY.PROFILE.NONE_ACCEPTED')} /> }}
      columns={[
        {
          key: 'label',
          title: t('PRIVACY.PROFILE.DOCUMENT'),
          render: (_, row) =>
            row.hasDocument ? (
              <Button
                type="link"
                icon={<FilePdfOutlined />}
                href={privacyDownloadUrl(row.id)}
                style={{ paddingInline: 0 }}
                onClick={(event) => {
                  event.preventDefault();
                  void openInNewWindow(privacyDownloadUrl(row.id));
                }}
              >
                {row.label}
              </Button>
            ) : (
              row.label
            ),
        },
        {
          key: 'revision',
          title: t('PRIVACY.PROFILE.VERSION'),
          render: (_, row) => (
            <span data-testid={`accepted-privacy-${row.id}-version`}>
              {row.revision}
              {row.currentRevision > row.revision && (
                <Tag color="orange" style={{ marginInlineStart: 8 }}>
                  {t('PRIVACY.PROFILE.NEWER', { version: row.currentRevision })}
                </Tag>
              )}
            </span>
          ),
        },
        { key: 'acceptedAt', title: t('PRIVACY.PROFILE.ACCEPTED_AT'), render: (_, row) => formatDateTime(row.acceptedAt) },
      ]}
    />
  );
}

/** The user's answers to the service agreements, changeable and saved all together. */
function AgreementsForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ [DEFAULT_AGREEMENTS_FIELD]: AgreementValues }>();
  const [saving, setSaving] = useState(false);
  const { data, isPending, isError } = useQuery({ queryKey: ['service-agreements'], queryFn: () => privacyApi.agreements() });

  useEffect(() => {
    if (data) form.setFieldsValue({ [DEFAULT_AGREEMENTS_FIELD]: initialAgreementValues(data) });
  }, [data, form]);

  if (isPending) return <Spin />;
  if (isError) return <Alert type="error" showIcon title={t('PRIVACY.PROFILE.LOAD_FAILED')} />;
  if (data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('PRIVACY.AGREEMENTS.NONE')} />;

  const save = async (values: { [DEFAULT_AGREEMENTS_FIELD]: AgreementValues }) => {
    setSaving(true);
    try {
      const saved = await privacyApi.answer(userId, agreementAnswers(data, values[DEFAULT_AGREEMENTS_FIELD]));
      queryClient.setQueryData<AgreementItem[]>(['service-agreements'], saved);
      notifySuccess(t('PRIVACY.AGREEMENTS.SAVED'));
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void save(values)} disabled={saving}>
      <ServiceAgreements agreements={data} />
      <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }} data-testid="agreements-save">
        {t('PRIVACY.AGREEMENTS.SAVE')}
      </Button>
    </Form>
  );
}

/** The profile's privacy tab: accepted privacy documents, then the service agreements. */
export function PrivacyTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <div data-testid="profile-privacy">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('PRIVACY.PROFILE.ACCEPTED_TITLE')}
      </Typography.Title>
      <AcceptedPrivacies userId={userId} />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('PRIVACY.AGREEMENTS.TITLE')}
      </Typography.Title>
      <AgreementsForm userId={userId} />
    </div>
  );
}

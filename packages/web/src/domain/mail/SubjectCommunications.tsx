import { communication } from '@circula/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/format';
import { recordLabel } from '../../fields/records-api';
import type { RecordData } from '../../records/form/record-api';
import type { ListRecord } from '../../records/list/list-api';
import { withListFilters } from '../../records/list/list-url';
import { NewCommunicationButton } from './CommunicationModal';
import { COMMUNICATIONS_ROUTE, subjectCommunications, SUBJECTS_ENDPOINT } from './communications-api';

const SHOWN = 20;

/** A communication's status as the list shows it: its label on its colour. */
export function CommunicationStatus({ status }: { status: unknown }) {
  const { i18n } = useTranslation();
  const definition = communication.statuses?.list.find((s) => s.code === status);
  if (!definition) return <Typography.Text>{String(status ?? '')}</Typography.Text>;
  return <Tag color={definition.color}>{i18n.language === 'en' ? definition.label.en : definition.label.it}</Tag>;
}

/**
 * The "Comunicazioni" tab of a subject's page: its latest SHOWN mails with their delivery status (each
 * opens its communication), the link to all of them in the communications list, and "Nuova
 * comunicazione" addressed to this subject, to a user who may write to subjects.
 */
export function SubjectCommunications({ subject }: { subject: RecordData }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['subject-communications', subject.id];
  const list = useQuery({ queryKey: key, queryFn: () => subjectCommunications(subject.id, SHOWN), staleTime: 0 });
  const allLink = `/${COMMUNICATIONS_ROUTE}?${withListFilters(new URLSearchParams(), { query: '', filters: [{ field: 'subject', op: 'eq', value: subject.id }] }).toString()}`;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="subject-communications">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">
          {list.data ? t('COMMUNICATIONS.TAB.COUNT', { count: list.data.total }) : t('COMMUNICATIONS.TAB.LOADING')}
          {list.data && list.data.total > 0 && (
            <>
              {' · '}
              <Link to={allLink} data-testid="subject-communications-all">
                {t('COMMUNICATIONS.TAB.ALL')}
              </Link>
            </>
          )}
        </Typography.Text>
        <NewCommunicationButton
          subject={{ value: subject.id, label: recordLabel(subject, i18n.language, SUBJECTS_ENDPOINT) }}
          onSent={() => void queryClient.invalidateQueries({ queryKey: key })}
        />
      </Space>
      {list.isError ? (
        <Alert type="error" showIcon title={t('COMMUNICATIONS.TAB.LOAD_ERROR')} />
      ) : (
        <Table<ListRecord>
          rowKey="id"
          size="small"
          loading={list.isPending}
          pagination={false}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: t('COMMUNICATIONS.TAB.EMPTY') }}
          onRow={(record) => ({ 'data-testid': `subject-communication-${record.id}` }) as HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('COMMUNICATIONS.TAB.DATE'), dataIndex: 'createdAt', width: 150, render: (value: string) => formatDateTime(value) },
            {
              title: t('COMMUNICATIONS.TAB.SUBJECT_LINE'),
              dataIndex: 'subjectLine',
              render: (value: string, record) => <Link to={`/${COMMUNICATIONS_ROUTE}/${record.id}`}>{value}</Link>,
            },
            { title: t('COMMUNICATIONS.TAB.TO'), dataIndex: 'toAddress', width: 240 },
            { title: t('COMMUNICATIONS.TAB.STATUS'), dataIndex: 'status', width: 130, render: (value: unknown) => <CommunicationStatus status={value} /> },
            { title: t('COMMUNICATIONS.TAB.SENT_AT'), dataIndex: 'sentAt', width: 150, render: (value: string | null) => (value ? formatDateTime(value) : '') },
          ]}
        />
      )}
    </Space>
  );
}

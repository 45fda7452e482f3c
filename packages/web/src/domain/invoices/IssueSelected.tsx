import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { notifyError, notifySuccess } from '../../app/notifications';
import type { ListRecord } from '../../records/list/list-api';
import { issueInvoices } from './invoices-api';

interface Props {
  selected: readonly ListRecord[];
  reload: () => void;
}

/** The selected drafts of the list, issued at once (today, numbered in order): all or none. */
export function IssueSelected({ selected, reload }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const drafts = selected.filter((r) => r.status === 'DRAFT');
  if (drafts.length === 0 || drafts.length !== selected.length) return null;
  const issue = async () => {
    setBusy(true);
    try {
      const issued = await issueInvoices(drafts.map((d) => d.id));
      notifySuccess(t('INVOICES.ISSUE.DONE', { count: issued.length }));
      reload();
    } catch (error) {
      notifyError(error instanceof ApiError ? error : null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm title={t('INVOICES.ISSUE.CONFIRM', { count: drafts.length })} okText={t('INVOICES.ISSUE.OK')} cancelText={t('INVOICES.CREDIT_NOTE.CANCEL')} onConfirm={() => void issue()} okButtonProps={{ 'data-testid': 'invoice-issue-confirm' } as never}>
      <Button icon={<CheckCircleOutlined />} loading={busy} data-testid="invoice-issue-selected">
        {t('INVOICES.ISSUE.BUTTON', { count: drafts.length })}
      </Button>
    </Popconfirm>
  );
}

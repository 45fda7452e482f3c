import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import type { PasswordAnswer } from './user-form';
import { testId } from './test-id';

/** A stale `version` (409): as on the record pages, reload the server's copy keeping what the user typed. */
export function ConflictModal({ open, reloading, onReload, onCancel }: { open: boolean; reloading: boolean; onReload(): void; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={MODAL_WIDTH.small}
      title={t('RECORD.CONFLICT.TITLE')}
      okText={t('RECORD.CONFLICT.RELOAD')}
      cancelText={t('RECORD.ACTIONS.CANCEL')}
      confirmLoading={reloading}
      okButtonProps={testId('conflict-reload')}
      cancelButtonProps={testId('conflict-cancel')}
      onOk={onReload}
      onCancel={onCancel}
    >
      <span data-testid="conflict-dialog">{t('RECORD.CONFLICT.DESCRIPTION')}</span>
    </Modal>
  );
}

/** The server's answer to create or reset-password: a one-time password to hand over, or its message. */
export function PasswordAnswerModal({ answer, username, onClose }: { answer: PasswordAnswer | null; username: string; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={answer !== null && answer.kind !== 'none'}
      width={MODAL_WIDTH.small}
      title={t('SECURITY.USERS.PASSWORD_ANSWER_TITLE', { username })}
      onOk={onClose}
      onCancel={onClose}
      okButtonProps={testId('password-answer-ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <div data-testid="password-answer">
        {answer?.kind === 'password' && (
          <>
            <Typography.Paragraph>{t('SECURITY.USERS.TEMPORARY_PASSWORD')}</Typography.Paragraph>
            <Typography.Paragraph>
              <Typography.Text code copyable data-testid="temporary-password">
                {answer.password}
              </Typography.Text>
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('SECURITY.USERS.TEMPORARY_PASSWORD_HINT')}</Typography.Text>
          </>
        )}
        {answer?.kind === 'message' && (
          <Typography.Paragraph data-testid="password-answer-message">{t(`SECURITY.ANSWERS.${answer.message}`, { defaultValue: answer.message })}</Typography.Paragraph>
        )}
      </div>
    </Modal>
  );
}

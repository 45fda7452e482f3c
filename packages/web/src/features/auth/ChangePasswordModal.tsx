import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useChangeOwnPassword } from './useChangeOwnPassword';

interface Props {
  open: boolean;
  username: string;
  onClose(): void;
}

/** The medium modal of the system menu: success notifies and logs out; failure is a danger notification. */
export function ChangePasswordModal({ open, username, onClose }: Props) {
  const { t } = useTranslation();
  const { form, submitting, submit } = useChangeOwnPassword(username, onClose);

  return (
    <Modal
      open={open}
      // the test id goes on the visible content: the modal root itself has no size
      modalRender={(content) => <div data-testid="change-password-modal">{content}</div>}
      title={t('CHANGE_PASSWORD.TITLE')}
      width={MODAL_WIDTH.medium}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: !submitting }}
    >
      <ChangePasswordForm form={form} username={username} submitting={submitting} onSubmit={submit} onCancel={onClose} />
    </Modal>
  );
}

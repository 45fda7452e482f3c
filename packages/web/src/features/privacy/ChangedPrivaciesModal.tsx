import { FilePdfOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../app/auth/session';
import { useCurrentUser } from '../../app/auth/useAuth';
import { MODAL_WIDTH } from '../../app/modal-sizes';
import { openInNewWindow, privacyApi, privacyDownloadUrl, type ChangedPrivacy } from './privacy-api';

export const changedPrivaciesKey = (userId: number | undefined) => ['changed-privacies', userId] as const;

interface ModalProps {
  privacies: ChangedPrivacy[];
  accepting: boolean;
  onAccept: () => void;
  onLogout: () => void;
}

/**
 * The changed-privacy-documents modal of spec §2: small, without a close button, not closed by a
 * click outside nor by Escape. Each document opens in a new window; Accept accepts them all, the
 * only other way out is to sign out.
 */
export function ChangedPrivaciesModal({ privacies, accepting, onAccept, onLogout }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={privacies.length > 0}
      width={MODAL_WIDTH.small}
      title={
        <span>
          <SafetyCertificateOutlined style={{ marginInlineEnd: 8 }} />
          {t('PRIVACY.CHANGED.TITLE')}
        </span>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      data-testid="changed-privacies-modal"
      footer={[
        <Button key="logout" data-testid="changed-privacies-logout" onClick={onLogout} disabled={accepting}>
          {t('PRIVACY.CHANGED.LOGOUT')}
        </Button>,
        <Button key="accept" type="primary" data-testid="changed-privacies-accept" loading={accepting} onClick={onAccept}>
          {t('PRIVACY.CHANGED.ACCEPT')}
        </Button>,
      ]}
    >
      <div data-testid="changed-privacies">
        <Typography.Paragraph>{t('PRIVACY.CHANGED.INTRO', { count: privacies.length })}</Typography.Paragraph>
        <List
          size="small"
          bordered
          dataSource={privacies}
          renderItem={(privacy) => (
            <List.Item key={privacy.id}>
              <Button
                type="link"
                icon={<FilePdfOutlined />}
                href={privacyDownloadUrl(privacy.id)}
                data-testid={`changed-privacy-${privacy.id}`}
                style={{ paddingInline: 0, whiteSpace: 'normal', textAlign: 'start', height: 'auto' }}
                onClick={(event) => {
                  event.preventDefault();
                  void openInNewWindow(privacyDownloadUrl(privacy.id));
                }}
              >
                {privacy.label}
              </Button>
            </List.Item>
          )}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('PRIVACY.CHANGED.HINT')}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

/**
 * Asks the signed-in user, once per sign-in (and at start when already signed in), for the
 * privacy documents changed since they last accepted them (spec §1, §7); the page stays behind
 * the modal until they are accepted. A failed check lets the user in: the next sign-in asks again.
 */
export function PrivacyGate({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [accepting, setAccepting] = useState(false);
  const { data } = useQuery({
    queryKey: changedPrivaciesKey(userId),
    queryFn: () => privacyApi.changed(userId!),
    enabled: typeof userId === 'number',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });

  const accept = async () => {
    if (typeof userId !== 'number') return;
    setAccepting(true);
    try {
      await privacyApi.accept(userId);
      // whatever was published meanwhile is asked again right away
      await queryClient.invalidateQueries({ queryKey: changedPrivaciesKey(userId) });
      await queryClient.invalidateQueries({ queryKey: ['accepted-privacies', userId] });
    } catch {
      // the http client has shown the error; the modal stays
    } finally {
      setAccepting(false);
    }
  };

  return (
    <>
      {children}
      <ChangedPrivaciesModal privacies={data ?? []} accepting={accepting} onAccept={() => void accept()} onLogout={() => void logout()} />
    </>
  );
}

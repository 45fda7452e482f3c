import { Modal } from 'antd';
import { useCallback, useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation, type BlockerFunction } from 'react-router';
import { MODAL_WIDTH } from '../../app/modal-sizes';

export interface LeaveGuard {
  /** The confirmation dialog, to render in the page. */
  dialog: ReactElement;
  /** Lets the next navigation through without asking (after a save, a delete…). */
  allowNextNavigation: () => void;
}

/**
 * spec §5 "Leaving a changed form asks confirmation": navigations inside the app are held by the
 * router's blocker until the user confirms; closing or reloading the tab gets the browser's prompt.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const { t } = useTranslation();
  const location = useLocation();
  const bypass = useRef(false);

  useEffect(() => {
    bypass.current = false;
  }, [location.key]);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        dirty &&
        !bypass.current &&
        // a navigation that keeps the form (an autocomplete's "add record") is not a leave
        (nextLocation.state as { skipLeaveGuard?: boolean } | null)?.skipLeaveGuard !== true &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [dirty],
    ),
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <Modal
      open={blocker.state === 'blocked'}
      width={MODAL_WIDTH.small}
      title={t('RECORD.LEAVE.TITLE')}
      okText={t('RECORD.LEAVE.CONFIRM')}
      cancelText={t('RECORD.LEAVE.STAY')}
      okButtonProps={{ danger: true, 'data-testid': 'leave-confirm' }}
      cancelButtonProps={{ 'data-testid': 'leave-cancel' }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
    >
      <span data-testid="leave-dialog">{t('RECORD.LEAVE.DESCRIPTION')}</span>
    </Modal>
  );

  return {
    dialog,
    allowNextNavigation: useCallback(() => {
      bypass.current = true;
    }, []),
  };
}

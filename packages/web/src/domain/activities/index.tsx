import { FilePdfOutlined } from '@ant-design/icons';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';
import { notifyDanger, notifyError } from '../../app/notifications';
import { i18n } from '../../i18n';
import type { RecordActionSlot, WebDomainModule } from '../slots';

/** `GET {conferral endpoint}/{id}/receipt`: the conferral's receipt as a PDF. */
export const receiptUrl = (endpoint: string, id: number) => `${endpoint}/${id}/receipt`;

/**
 * Opens the receipt in a new window to print or save it. The download needs the bearer token, so
 * a plain link cannot open it: the window is opened at the click (no popup blocker stops it), then
 * pointed at a blob URL of the PDF fetched with the token (as documents are opened).
 */
export async function openReceipt(url: string): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const blob = await http.blob(url, { silent: true });
    const objectUrl = URL.createObjectURL(blob);
    if (opened) opened.location.href = objectUrl;
    else window.location.assign(objectUrl);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    opened?.close();
    if (error instanceof ApiError && error.status !== 0 && error.status !== 404) notifyError(error);
    else notifyDanger(i18n.t('ACTIVITIES.RECEIPT_FAILED'));
  }
}

/** The "Ricevuta" button of a saved conferral: the receipt the person who brought the waste takes home. */
export const receiptAction: RecordActionSlot = {
  key: 'receipt',
  button: ({ target, controller }, t) => {
    const current = controller.current;
    if (!current || controller.deleted) return null;
    return {
      key: 'receipt',
      label: t('ACTIVITIES.RECEIPT'),
      icon: <FilePdfOutlined />,
      onClick: () => void openReceipt(receiptUrl(target.endpoint, current.id)),
      testId: 'conferral-receipt',
    };
  },
};

/** Conferrals at collection centres: the receipt action. */
export const activities: WebDomainModule = { name: 'activities', routes: { conferral: { recordActions: [receiptAction] } } };

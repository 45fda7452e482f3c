import { FilePdfOutlined } from '@ant-design/icons';
import { openPdf } from '../../records/open-pdf';
import type { RecordActionSlot, WebDomainModule } from '../slots';

/** `GET {conferral endpoint}/{id}/receipt`: the conferral's receipt as a PDF. */
export const receiptUrl = (endpoint: string, id: number) => `${endpoint}/${id}/receipt`;

/** Opens the receipt in a new window to print or save it. */
export const openReceipt = (url: string): Promise<void> => openPdf(url, 'ACTIVITIES.RECEIPT_FAILED');

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

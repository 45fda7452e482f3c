import { DollarOutlined, FilePdfOutlined, FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { lazy, Suspense } from 'react';
import { ApiError } from '../../api/errors';
import { notifyError } from '../../app/notifications';
import { queryClient } from '../../app/query-client';
import { i18n } from '../../i18n';
import type { RecordData } from '../../records/form/record-api';
import { openPdf } from '../../records/open-pdf';
import type { ListActionSlot, RecordActionSlot, RecordSectionSlot, RecordSlotContext, WebDomainModule } from '../slots';
import { loadedAbilities } from '../warehouses/route-abilities';
import { ACCOUNT_MOVEMENTS_ROUTE, collectable, collectionPath, creditable, INVOICES_ROUTE, isIssued } from './invoice-rules';
import { createCreditNote, downloadInvoiceXml, invoicePdfUrl } from './invoices-api';

// each part is a chunk of its own, fetched when it first shows
const InvoiceRun = lazy(async () => ({ default: (await import('./InvoiceRunModal')).InvoiceRun }));
const OverdueFilterButton = lazy(async () => ({ default: (await import('./OverdueFilterButton')).OverdueFilterButton }));
const PaymentStateSection = lazy(async () => ({ default: (await import('./PaymentStateSection')).PaymentStateSection }));
const IssueSelected = lazy(async () => ({ default: (await import('./IssueSelected')).IssueSelected }));
const CollectionPrefill = lazy(async () => ({ default: (await import('./CollectionPrefill')).CollectionPrefill }));

/** "Fatturazione del periodo", to a user who may create invoices. */
const runAction: ListActionSlot = {
  key: 'invoice-run',
  render: ({ conf, reload }) =>
    conf?.canCreate ? (
      <Suspense fallback={null}>
        <InvoiceRun reload={reload} />
      </Suspense>
    ) : null,
};

/** "Emetti": the selected drafts issued at once, to a user who may write invoices. */
const issueAction: ListActionSlot = {
  key: 'invoice-issue',
  render: ({ conf, selected, reload }) =>
    conf?.canCreate && selected.length > 0 ? (
      <Suspense fallback={null}>
        <IssueSelected selected={selected} reload={reload} />
      </Suspense>
    ) : null,
};

/** "Scadute": the list filtered to the invoices overdue today. */
const overdueAction: ListActionSlot = {
  key: 'invoice-overdue',
  render: () => (
    <Suspense fallback={null}>
      <OverdueFilterButton />
    </Suspense>
  ),
};

/** The invoice the page shows, once issued and while it is shown (not edited, not deleted). */
function shownIssued({ controller }: RecordSlotContext): RecordData | null {
  const invoice = controller.current;
  if (!invoice || controller.formMode !== 'show' || invoice.delete.deleted || !isIssued(invoice)) return null;
  return invoice;
}

/** Asks, then creates a draft credit note reversing the invoice and opens it. */
function confirmCreditNote(invoice: RecordData, navigate: (to: string) => void): void {
  const t = i18n.t.bind(i18n);
  Modal.confirm({
    title: t('INVOICES.CREDIT_NOTE.TITLE', { number: invoice.documentNumber ?? invoice.code ?? invoice.id }),
    content: t('INVOICES.CREDIT_NOTE.TEXT'),
    okText: t('INVOICES.CREDIT_NOTE.OK'),
    cancelText: t('INVOICES.CREDIT_NOTE.CANCEL'),
    okButtonProps: { 'data-testid': 'invoice-credit-note-confirm' } as never,
    async onOk() {
      try {
        const note = await createCreditNote(invoice.id);
        // the new page shows it at once (and reads it again)
        queryClient.setQueryData(['record', INVOICES_ROUTE, note.id], note);
        navigate(`/${INVOICES_ROUTE}/${note.id}`);
      } catch (error) {
        notifyError(error instanceof ApiError ? error : null);
      }
    },
  });
}

/** An issued invoice's FatturaPA XML and print, its credit note, its collection. */
const invoiceActions: RecordActionSlot[] = [
  {
    key: 'invoice-xml',
    button: (context, t) => {
      const invoice = shownIssued(context);
      if (!invoice) return null;
      // downloadFile shows the failure (a draft's 409 INVOICE_NOT_ISSUED)
      const download = () => downloadInvoiceXml(invoice).catch(() => undefined);
      return { key: 'invoice-xml', label: t('INVOICES.ACTIONS.XML'), icon: <FileTextOutlined />, onClick: () => void download(), testId: 'invoice-xml' };
    },
  },
  {
    key: 'invoice-pdf',
    button: (context, t) => {
      const invoice = shownIssued(context);
      if (!invoice) return null;
      return { key: 'invoice-pdf', label: t('INVOICES.ACTIONS.PDF'), icon: <FilePdfOutlined />, onClick: () => void openPdf(invoicePdfUrl(invoice.id), 'INVOICES.ACTIONS.PDF_FAILED'), testId: 'invoice-pdf' };
    },
  },
  {
    key: 'invoice-credit-note',
    button: (context, t) => {
      const invoice = shownIssued(context);
      if (!invoice || !creditable(invoice) || !loadedAbilities(INVOICES_ROUTE).canCreate) return null;
      return {
        key: 'invoice-credit-note',
        label: t('INVOICES.ACTIONS.CREDIT_NOTE'),
        icon: <RollbackOutlined />,
        onClick: () => confirmCreditNote(invoice, context.controller.navigate),
        testId: 'invoice-credit-note',
      };
    },
  },
  {
    key: 'invoice-collect',
    button: (context, t) => {
      const invoice = shownIssued(context);
      if (!invoice || !collectable(invoice) || !loadedAbilities(ACCOUNT_MOVEMENTS_ROUTE).canCreate) return null;
      return { key: 'invoice-collect', label: t('INVOICES.ACTIONS.COLLECT'), icon: <DollarOutlined />, onClick: () => context.controller.navigate(collectionPath(invoice.id)), testId: 'invoice-collect' };
    },
  },
];

/** The payment of an issued invoice: due, collected, remaining; overdue or paid. */
const paymentSection: RecordSectionSlot = {
  key: 'invoice-payment',
  visible: ({ controller }) => controller.current !== null && isIssued(controller.current),
  render: ({ controller }) => <PaymentStateSection invoice={controller.current!} />,
};

/** On a new collection opened by "Registra incasso": the invoice, what remains to collect, today. */
const collectionSection: RecordSectionSlot = {
  key: 'invoice-collection',
  visible: ({ controller }) => controller.formMode === 'create',
  render: ({ controller }) => <CollectionPrefill controller={controller} />,
};

/**
 * Invoicing (issue 19): on the invoice list the invoice run and the overdue view; on an issued
 * invoice its FatturaPA XML, print, credit note and collection, and its payment state; on a new
 * collection the invoice it is for, prefilled.
 */
export const invoices: WebDomainModule = {
  name: 'invoices',
  routes: {
    [INVOICES_ROUTE]: { listActions: [runAction, issueAction, overdueAction], recordActions: invoiceActions, sections: [paymentSection] },
    [ACCOUNT_MOVEMENTS_ROUTE]: { sections: [collectionSection] },
  },
};

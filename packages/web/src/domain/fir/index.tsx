import { AlertOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { notifyError } from '../../app/notifications';
import { openPdf } from '../../records/open-pdf';
import type { ListActionSlot, RecordActionSlot, RecordSectionSlot, RecordTabSlot, RouteSlots, WebDomainModule } from '../slots';
import { downloadFirXml, FIR_WORKLIST_ROUTE, firPdfUrl, worklistCount } from './fir-api';

const FirPanel = lazy(async () => ({ default: (await import('./FirPanel')).FirPanel }));
const FirSignatureSection = lazy(async () => ({ default: (await import('./FirSignatureSection')).FirSignatureSection }));

/** The transport's FIRs, a tab of its page once saved. */
const firTab: RecordTabSlot = {
  key: 'firs',
  label: { it: 'Formulari (FIR)', en: 'Transfer forms (FIR)' },
  visible: ({ controller }) => controller.current !== null,
  render: ({ controller }) => (
    <Suspense fallback={null}>
      <FirPanel transportId={controller.current!.id} />
    </Suspense>
  ),
};

/** The transport list's way to the FIR verifier's worklist, with how many FIRs wait there. */
function WorklistButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['fir-worklist-count'], queryFn: worklistCount, retry: false });
  if (data === undefined) return null;
  return (
    <Badge count={data} overflowCount={999} size="small">
      <Button icon={<AlertOutlined />} onClick={() => navigate(`/${FIR_WORKLIST_ROUTE}`)} data-testid="fir-worklist">
        {t('FIR.WORKLIST')}
      </Button>
    </Badge>
  );
}

const worklistAction: ListActionSlot = { key: 'fir-worklist', render: () => <WorklistButton /> };

const transportOf = (record: Record<string, unknown>) => Number(record.transport);

/** A FIR's printable PDF and its XML, from its own page. */
const firActions: RecordActionSlot[] = [
  {
    key: 'fir-pdf',
    button: ({ controller }, t) => {
      const record = controller.current;
      if (!record) return null;
      return { key: 'fir-pdf', label: t('FIR.PRINT'), icon: <FilePdfOutlined />, onClick: () => void openPdf(firPdfUrl(transportOf(record), record.id), 'FIR.PDF_FAILED'), testId: 'fir-pdf' };
    },
  },
  {
    key: 'fir-xml',
    button: ({ controller }, t) => {
      const record = controller.current;
      if (!record) return null;
      const download = async () => {
        try {
          await downloadFirXml(transportOf(record), record);
        } catch (error) {
          notifyError(error instanceof ApiError ? error : null);
        }
      };
      return { key: 'fir-xml', label: t('FIR.EXPORT_XML'), icon: <FileTextOutlined />, onClick: () => void download(), testId: 'fir-xml' };
    },
  },
];

/** The signatures of a saved FIR, below its fields, with the next one to give. */
const signatureSection: RecordSectionSlot = {
  key: 'fir-signatures',
  visible: ({ controller }) => controller.current !== null,
  render: ({ controller }) => (
    <Suspense fallback={null}>
      <FirSignatureSection controller={controller} />
    </Suspense>
  ),
};

const firRoute: RouteSlots = { recordActions: firActions, sections: [signatureSection] };

/**
 * FIRs (issue 16): the tab of a transport with its FIRs and their signatures, the worklist button
 * on the transport list (the FIR verifier's landing, spec §1), the PDF and XML on a FIR's page.
 */
export const firs: WebDomainModule = {
  name: 'fir',
  routes: {
    transport: { tabs: [firTab], listActions: [worklistAction] },
    'transaction-documents': firRoute,
    [FIR_WORKLIST_ROUTE]: firRoute,
  },
};

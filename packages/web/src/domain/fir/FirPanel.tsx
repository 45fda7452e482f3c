import { CheckCircleTwoTone, ClockCircleOutlined, FilePdfOutlined, FileTextOutlined, WarningOutlined } from '@ant-design/icons';
import { fir as firEntity, FIR_STATUSES, type ReferenceField } from '@circula/model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, errorBodyToMessage } from '../../api/errors';
import { formatDateTime, formatNumber } from '../../app/format';
import { ReferenceDisplay } from '../../fields/displays';
import { openPdf } from '../../records/open-pdf';
import { downloadFirXml, firPdfUrl, firsOfTransport, NEXT_SIGNATURE, type FirRecord, type SignRole } from './fir-api';
import { useFirSigning } from './useFirSigning';

const ROLES: readonly SignRole[] = ['PRODUCER', 'TRANSPORTER', 'DESTINATION'];

/** The three signature boxes of a FIR: who signed and when, or still to sign. */
export function Signatures({ fir }: { fir: FirRecord }) {
  const { t } = useTranslation();
  const signed = new Map((fir.signatures ?? []).map((s) => [s.role, s]));
  return (
    <Space size={4} wrap>
      {ROLES.map((role) => {
        const s = signed.get(role);
        return (
          <Tooltip key={role} title={s ? t('FIR.SIGNED_BY', { name: s.signedBy, at: formatDateTime(s.signedAt), hash: s.hash.slice(0, 16) }) : t('FIR.TO_SIGN')}>
            <Tag icon={s ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <ClockCircleOutlined />} color={s ? 'success' : 'default'} data-testid={`fir-signature-${role}`}>
              {t(`FIR.ROLE.${role}`)}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/**
 * The FIRs of a transport (a tab of its page): number, EER code, weights, status and signatures,
 * the next signature to give (the destination's with its verdict), the printable PDF and the XML.
 */
export function FirPanel({ transportId }: { transportId: number }) {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  const queries = useQueryClient();
  const key = ['firs', transportId];
  const { data, isLoading, error } = useQuery({ queryKey: key, queryFn: () => firsOfTransport(transportId) });
  const signing = useFirSigning(() => queries.invalidateQueries({ queryKey: key }));
  const message = (e: unknown) => (e instanceof ApiError ? errorBodyToMessage(e.body, (k, o) => t(k, o ?? {})) : t('NOTIFICATIONS.ERROR.DESCRIPTION'));

  async function downloadXml(fir: FirRecord) {
    try {
      await downloadFirXml(transportId, fir);
    } catch (e) {
      notification.error({ message: t('FIR.XML_FAILED'), description: message(e) });
    }
  }

  const statusOf = (code: string | null) => FIR_STATUSES.list.find((s) => s.code === code);
  const lang = i18n.language === 'en' ? 'en' : 'it';
  if (error) return <Alert type="error" showIcon message={message(error)} />;
  if (!isLoading && (data?.items.length ?? 0) === 0) return <Alert type="info" showIcon message={t('FIR.NONE_YET')} data-testid="fir-none" />;
  return (
    <>
      <Table<FirRecord>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data?.items ?? []}
        data-testid="fir-table"
        columns={[
          { title: t('FIR.NUMBER'), dataIndex: 'number', render: (n: string, fir) => <Typography.Text strong data-testid={`fir-number-${fir.id}`}>{n}</Typography.Text> },
          { title: t('FIR.WASTE'), dataIndex: 'waste', render: (waste: unknown) => <ReferenceDisplay name="waste" field={firEntity.fields.waste as ReferenceField} value={waste} /> },
          { title: t('FIR.ESTIMATED'), dataIndex: 'estimatedKg', align: 'right', render: (v: number | null) => (v == null ? '—' : `${formatNumber(v)} kg`) },
          { title: t('FIR.VERIFIED'), dataIndex: 'verifiedKg', align: 'right', render: (v: number | null) => (v == null ? '—' : `${formatNumber(v)} kg`) },
          {
            title: t('FIR.STATUS'),
            dataIndex: 'status',
            render: (code: string | null, fir) => {
              const s = statusOf(code);
              return (
                <Space size={4} wrap>
                  <Tag color={s?.color} data-testid={`fir-status-${fir.id}`}>{s?.label[lang] ?? code}</Tag>
                  {(fir.anomalies ?? []).length > 0 && (
                    <Tooltip title={(fir.anomalies ?? []).map((a) => t(`FIR.ANOMALY.${a}`)).join(' · ')}>
                      <Tag color="warning" icon={<WarningOutlined />}>{t('FIR.ANOMALIES', { count: (fir.anomalies ?? []).length })}</Tag>
                    </Tooltip>
                  )}
                </Space>
              );
            },
          },
          { title: t('FIR.SIGNATURES'), key: 'signatures', render: (_: unknown, fir) => <Signatures fir={fir} /> },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, fir) => {
              const next = fir.status ? NEXT_SIGNATURE[fir.status] : undefined;
              return (
                <Space size={4} wrap>
                  {next && (
                    <Button
                      size="small"
                      type="primary"
                      loading={signing.busy === fir.id}
                      onClick={() => signing.sign(fir, transportId, next)}
                      data-testid={`fir-sign-${fir.id}`}
                    >
                      {t(`FIR.SIGN_AS.${next}`)}
                    </Button>
                  )}
                  <Button size="small" icon={<FilePdfOutlined />} onClick={() => void openPdf(firPdfUrl(transportId, fir.id), 'FIR.PDF_FAILED')} data-testid={`fir-pdf-${fir.id}`}>
                    PDF
                  </Button>
                  <Button size="small" icon={<FileTextOutlined />} onClick={() => void downloadXml(fir)} data-testid={`fir-xml-${fir.id}`}>
                    XML
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      {signing.dialog}
    </>
  );
}

import { EyeOutlined } from '@ant-design/icons';
import { CATALOGUE, isPrintDocument, printTemplate, PRINT_DOCUMENTS } from '@circula/model';
import { Alert, Button, Card, Flex, InputNumber, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { notifyError } from '../../app/notifications';
import type { Suggestion } from '../../fields/autocomplete/autocomplete-rules';
import { RecordPicker } from '../../fields/autocomplete/RecordPicker';
import { constraintSentences } from '../../fields/field-errors';
import { tableValueLabel, useLookupValues } from '../../fields/lookup-values';
import type { RecordSlotContext } from '../slots';
import { printTemplatesApi } from './print-templates-api';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** The placeholders the chosen document fills (TEMPLATE_PLACEHOLDERS whose object it has): a click copies one. */
function Placeholders({ document }: { document: keyof typeof PRINT_DOCUMENTS }) {
  const { t, i18n } = useTranslation();
  const { data } = useLookupValues('TEMPLATE_PLACEHOLDERS');
  const objects = PRINT_DOCUMENTS[document].objects as readonly string[];
  const shown = (data ?? []).filter((value) => value.extraValue && value.alpha1 && objects.includes(value.alpha1));
  return (
    <div data-testid="print-placeholders">
      <Typography.Text type="secondary">{t('PRINT_TEMPLATES.PLACEHOLDERS')}</Typography.Text>
      <Flex wrap gap={4} style={{ marginTop: 4 }}>
        {shown.map((value) => (
          <Tooltip key={value.code} title={tableValueLabel(value, i18n.language)}>
            <Tag style={{ cursor: 'copy', fontFamily: 'monospace' }} onClick={() => void navigator.clipboard?.writeText(value.extraValue!).catch(() => undefined)}>
              {value.extraValue}
            </Tag>
          </Tooltip>
        ))}
      </Flex>
    </div>
  );
}

/**
 * "Anteprima" below a print template's fields: the placeholders its document fills, a record of
 * that document to print (an issued invoice, a FIR, a warehouse and year for the register, a
 * conferral), and the PDF printed with the text in the form now (saved or not) beside it.
 */
export function PrintPreview({ controller }: RecordSlotContext) {
  const { t, i18n } = useTranslation();
  const document = controller.values.document;
  const lang = typeof controller.values.lang === 'string' ? controller.values.lang : 'it';
  const spec = isPrintDocument(document) ? PRINT_DOCUMENTS[document] : null;
  const endpoint = spec ? (CATALOGUE.target(spec.recordRoute)?.endpoint ?? '') : '';
  const [record, setRecord] = useState<Suggestion | null>(null);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  // another document: another kind of record
  useEffect(() => setRecord(null), [endpoint]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  if (!spec || !isPrintDocument(document)) return null;

  const show = async () => {
    if (!record) return;
    setLoading(true);
    setProblems([]);
    try {
      const blob = await printTemplatesApi.preview({
        document,
        lang,
        header: text(controller.values.header),
        footer: text(controller.values.footer),
        closing: text(controller.values.closing),
        recordId: Number(record.value),
        ...(document === 'REGISTER' ? { year } : {}),
      });
      setUrl(URL.createObjectURL(blob));
    } catch (error) {
      const sentences = constraintSentences(error, printTemplate.fields, t, i18n.language);
      if (sentences.length) {
        setProblems(sentences);
      } else if (error instanceof ApiError) notifyError(error);
      else throw error;
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card size="small" title={t('PRINT_TEMPLATES.PREVIEW.TITLE')} data-testid="print-preview" style={{ marginTop: 16 }}>
      <Flex vertical gap={12}>
        <Placeholders document={document} />
        <Flex gap={8} wrap align="center">
          <div style={{ minWidth: 320, flex: 1 }}>
            <RecordPicker endpoint={endpoint} value={record} onChange={setRecord} id="print-preview-record" placeholder={t(`PRINT_TEMPLATES.PREVIEW.RECORD.${document}`)} />
          </div>
          {document === 'REGISTER' && (
            <InputNumber aria-label={t('PRINT_TEMPLATES.PREVIEW.YEAR')} data-testid="print-preview-year" min={2000} max={2100} value={year} onChange={(v) => v && setYear(v)} />
          )}
          <Button icon={<EyeOutlined />} data-testid="print-preview-run" disabled={!record} loading={loading} onClick={() => void show()}>
            {t('PRINT_TEMPLATES.PREVIEW.SHOW')}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{t('PRINT_TEMPLATES.PREVIEW.HINT')}</Typography.Text>
        {problems.length > 0 && <Alert type="error" showIcon data-testid="print-preview-errors" title={problems.join(' · ')} />}
        {url && <iframe data-testid="print-preview-frame" title={t('PRINT_TEMPLATES.PREVIEW.TITLE')} src={url} style={{ width: '100%', height: 640, border: '1px solid #d9d9d9' }} />}
      </Flex>
    </Card>
  );
}

import { EyeOutlined } from '@ant-design/icons';
import { CATALOGUE, emailTemplate, transaction } from '@circula/model';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';
import { notifyError } from '../../app/notifications';
import type { Suggestion } from '../../fields/autocomplete/autocomplete-rules';
import { RecordPicker } from '../../fields/autocomplete/RecordPicker';
import { constraintSentences } from '../../fields/field-errors';
import type { RecordSlotContext } from '../slots';

const PREVIEW_URL = `${emailTemplate.endpoint}/preview`;
/** The message whose values come from a real record (a request's status change); the others carry secrets and show sample values. */
const FROM_REQUEST = 'REQUEST_STATUS_CHANGED';
const REQUESTS_ENDPOINT = CATALOGUE.target(transaction.route)?.endpoint ?? '';

interface RenderedPreview {
  subject: string;
  html: string;
  text: string;
  fromRecord: boolean;
}

/**
 * "Anteprima" below an email template's fields: the subject and the message the text in the form
 * (saved or not) gives — a request's status mail on a real request the user may read, the other
 * messages with sample values — shown in a sandboxed frame (no script, no link followed).
 */
export function EmailPreview({ controller }: RecordSlotContext) {
  const { t, i18n } = useTranslation();
  const template = typeof controller.values.template === 'string' ? controller.values.template : '';
  const [record, setRecord] = useState<Suggestion | null>(null);
  const [preview, setPreview] = useState<RenderedPreview | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  if (!template) return null;
  const needsRecord = template === FROM_REQUEST;

  const show = async () => {
    setLoading(true);
    setProblems([]);
    try {
      const json = {
        template,
        lang: controller.values.lang ?? 'it',
        subject: String(controller.values.subject ?? ''),
        body: String(controller.values.body ?? ''),
        ...(needsRecord && record ? { recordId: Number(record.value) } : {}),
      };
      setPreview(await http.data<RenderedPreview>(PREVIEW_URL, { method: 'POST', json, silent: true }));
    } catch (error) {
      const sentences = constraintSentences(error, emailTemplate.fields, t, i18n.language);
      if (sentences.length) setProblems(sentences);
      else if (error instanceof ApiError) notifyError(error);
      else throw error;
    } finally {
      setLoading(false);
    }
  };

  return (
    <Card size="small" title={t('EMAIL_PREVIEW.TITLE')} data-testid="email-preview" style={{ marginTop: 16 }}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          {needsRecord && (
            <div style={{ minWidth: 320, flex: 1 }}>
              <RecordPicker endpoint={REQUESTS_ENDPOINT} value={record} onChange={setRecord} id="email-preview-record" placeholder={t('EMAIL_PREVIEW.REQUEST')} />
            </div>
          )}
          <Button icon={<EyeOutlined />} data-testid="email-preview-run" loading={loading} onClick={() => void show()}>
            {t('EMAIL_PREVIEW.SHOW')}
          </Button>
        </Flex>
        {problems.length > 0 && <Alert type="error" showIcon data-testid="email-preview-errors" title={problems.join(' · ')} />}
        {preview && (
          <>
            <Typography.Text type="secondary" data-testid="email-preview-source">
              {t(preview.fromRecord ? 'EMAIL_PREVIEW.FROM_RECORD' : 'EMAIL_PREVIEW.FROM_SAMPLE')}
            </Typography.Text>
            <Typography.Text strong data-testid="email-preview-subject">
              {preview.subject}
            </Typography.Text>
            {/* no script, no same origin: the message is only looked at */}
            <iframe data-testid="email-preview-frame" title={t('EMAIL_PREVIEW.TITLE')} sandbox="" srcDoc={preview.html} style={{ width: '100%', height: 360, border: '1px solid #d9d9d9', background: '#fff' }} />
          </>
        )}
      </Flex>
    </Card>
  );
}

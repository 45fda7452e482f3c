import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Radio, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { agreementDocumentUrl, openInNewWindow, type AgreementItem } from './privacy-api';

export type AgreementChoice = 'agree' | 'disagree';
/** The form values the component owns: one choice per agreement id, under `name`. */
export type AgreementValues = Record<string, AgreementChoice | undefined>;

export const DEFAULT_AGREEMENTS_FIELD = 'agreements';

/** A localised text: the language asked, else Italian, else any. */
export function localisedText(value: Record<string, string> | null | undefined, language: string, fallback = ''): string {
  if (!value) return fallback;
  return value[language] || value.it || Object.values(value).find((v) => v) || fallback;
}

/**
 * The rule of spec §5: a choice is required, and a mandatory agreement needs "agree"; disagreeing
 * is allowed only where the agreement is not mandatory. Returns the i18n key of the problem.
 */
export function agreementProblem(mandatory: boolean, choice: AgreementChoice | undefined | null): string | null {
  if (choice !== 'agree' && choice !== 'disagree') return 'PRIVACY.AGREEMENTS.REQUIRED';
  if (mandatory && choice !== 'agree') return 'PRIVACY.AGREEMENTS.MANDATORY';
  return null;
}

/** The form's choices from the answers the user gave last (unanswered agreements stay empty). */
export function initialAgreementValues(items: AgreementItem[]): AgreementValues {
  return Object.fromEntries(items.map((i) => [String(i.agreement.id), i.answer ? (i.answer.agreed ? 'agree' : 'disagree') : undefined]));
}

/** The answers to send (`PUT /api/privacy/agreements/answers/{userId}`). */
export function agreementAnswers(items: AgreementItem[], values: AgreementValues | undefined): { id: number; agreed: boolean }[] {
  return items.map((i) => ({ id: i.agreement.id, agreed: values?.[String(i.agreement.id)] === 'agree' }));
}

interface ServiceAgreementsProps {
  agreements: AgreementItem[];
  /** The form field holding the choices (default `agreements`): values[name][id] = agree | disagree. */
  name?: string;
  disabled?: boolean;
}

/**
 * Service agreements (spec §3, §5): for each, its localised title and body, its attachments
 * (opened in a new window) and the agree / disagree choice with the rule of spec §5. Placed
 * inside an antd Form, whose submit the rules then guard.
 */
export function ServiceAgreements({ agreements, name = DEFAULT_AGREEMENTS_FIELD, disabled }: ServiceAgreementsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Flex vertical gap={16} data-testid="service-agreements">
      {agreements.map(({ agreement }) => {
        const rules: Rule[] = [
          {
            validator: async (_rule, value: AgreementChoice | undefined) => {
              const problem = agreementProblem(agreement.mandatory, value);
              if (problem) throw new Error(t(problem));
            },
          },
        ];
        const attachments = agreement.attachments ?? (agreement.documentId ? [{ documentId: agreement.documentId, fileName: t('PRIVACY.AGREEMENTS.ATTACHMENT') }] : []);
        return (
          <section key={agreement.id} data-testid={`agreement-${agreement.id}`} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}>
            <Space size={8} wrap style={{ marginBottom: 8 }}>
              <Typography.Text strong>{localisedText(agreement.title, language, agreement.name)}</Typography.Text>
              {agreement.mandatory && <Tag color="red">{t('PRIVACY.AGREEMENTS.MANDATORY_TAG')}</Tag>}
            </Space>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{localisedText(agreement.body, language)}</Typography.Paragraph>
            {attachments.length > 0 && (
              <Flex wrap gap={8} style={{ marginBottom: 8 }}>
                {attachments.map((a) => (
                  <Button
                    key={a.documentId}
                    type="link"
                    size="small"
                    icon={<PaperClipOutlined />}
                    href={agreementDocumentUrl(agreement.id)}
                    style={{ paddingInline: 0 }}
                    data-testid={`agreement-${agreement.id}-attachment`}
                    onClick={(event) => {
                      event.preventDefault();
                      void openInNewWindow(agreementDocumentUrl(agreement.id));
                    }}
                  >
                    {a.fileName}
                  </Button>
                ))}
              </Flex>
            )}
            <Form.Item name={[name, String(agreement.id)]} rules={rules} style={{ marginBottom: 0 }} required={agreement.mandatory}>
              <Radio.Group disabled={disabled} data-testid={`agreement-${agreement.id}-choice`}>
                <Radio value="agree" data-testid={`agreement-${agreement.id}-agree`}>
                  {t('PRIVACY.AGREEMENTS.AGREE')}
                </Radio>
                <Radio value="disagree" data-testid={`agreement-${agreement.id}-disagree`}>
                  {t('PRIVACY.AGREEMENTS.DISAGREE')}
                </Radio>
              </Radio.Group>
            </Form.Item>
          </section>
        );
      })}
    </Flex>
  );
}

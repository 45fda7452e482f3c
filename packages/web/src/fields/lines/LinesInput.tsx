import { ArrayRowButtons } from '../array-row-buttons';
import { recordSchema, type FieldDefinition, type LinesField, type ReferenceField, type Target } from '@circula/model';
import { useQueries } from '@tanstack/react-query';
import { Card, Col, Flex, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '../../api/client';
import { useReadableRoutes } from '../../app/auth/useReadableRoutes';
import { referenceTarget } from '../records-api';
import { labelOf } from '../labels';
import { widgetFor } from '../registry';
import type { FieldDisplayProps, FieldInputProps } from '../types';

/** A line as the form holds it: the stored id and position (none for a new line) and the child's fields. */
export type LineValue = Record<string, unknown>;

const asLines = (value: unknown): LineValue[] => (Array.isArray(value) ? (value as LineValue[]).filter((l) => l && typeof l === 'object') : []);

/** Form-array rules (spec §4): add inserts an empty line after the current one. */
export function insertLineAfter(lines: LineValue[], index: number): LineValue[] {
  return [...lines.slice(0, index + 1), {}, ...lines.slice(index + 1)];
}

/** Remove deletes the line and, if none remain, inserts an empty one. */
export function removeLine(lines: LineValue[], index: number): LineValue[] {
  const rest = lines.filter((_, i) => i !== index);
  return rest.length ? rest : [{}];
}

/** The fields a line shows: every field of the child entity but its position (the card's title says it). */
export const lineFields = (lines: LinesField): [string, FieldDefinition][] => Object.entries(lines.entity.fields).filter(([name]) => name !== 'lineNo');

/** The first problem of a line's field (the server's schema of the child entity), or null. */
export function lineFieldError(lines: LinesField, name: string, value: unknown): string | null {
  const schema = recordSchema(lines.entity, { partial: false }).shape[name];
  if (!schema) return null;
  const parsed = schema.safeParse(value === '' || value === undefined ? null : value);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  return message && /^[A-Z][A-Z0-9_]*$/.test(message) ? message : 'INVALID';
}

/**
 * The ids each restricted line reference may take (LinesField.restrict): the list the header's
 * chosen record holds (a destination's authorised EER codes); null while nothing restricts it.
 */
export function useLineRestrictions(lines: LinesField, header: Target): Readonly<Record<string, readonly number[] | null>> {
  const form = Form.useFormInstance();
  const { routes } = useReadableRoutes();
  const rules = Object.entries(lines.restrict ?? {});
  const chosen = Form.useWatch((values: Record<string, unknown>) => rules.map(([, rule]) => values?.[rule.by] ?? null), form) ?? rules.map(() => null);
  const records = useQueries({
    queries: rules.map(([, rule], i) => {
      const by = header.entity.fields[rule.by];
      const id = chosen[i];
      const endpoint = by?.type === 'reference' ? referenceTarget(by as ReferenceField, routes).endpoint : null;
      return {
        queryKey: ['line-restriction', endpoint, id],
        queryFn: () => http.data<Record<string, unknown>>(`${endpoint}/${String(id)}`, { silent: true }),
        enabled: endpoint !== null && typeof id === 'number',
        staleTime: 60_000,
      };
    }),
  });
  return Object.fromEntries(
    rules.map(([child, rule], i) => {
      const listed = records[i]?.data?.[rule.through];
      return [child, typeof chosen[i] === 'number' && Array.isArray(listed) && listed.length > 0 ? (listed as number[]) : null];
    }),
  );
}

/** Fields that need a whole line of the card. */
const WIDE = new Set<FieldDefinition['type']>(['longText', 'json', 'translations', 'group', 'tags', 'document']);

/**
 * The lines of a header record (a request's EER lines) as a form array (spec §4): one card per
 * line with the child entity's inputs, add after / remove buttons, each field checked with the
 * server's rules as it is typed. The server's errors on a line (`lines.1.hpProperties`) are shown
 * under the whole field by the record form, with the line number.
 */
export function LinesInput({ field, name, value, onChange, disabled, target, mode }: FieldInputProps<LinesField>) {
  const { t, i18n } = useTranslation();
  const stored = asLines(value);
  const lines = stored.length ? stored : [{}];
  const restrictions = useLineRestrictions(field, target);
  const set = (next: LineValue[]) => onChange?.(next);
  return (
    <Flex vertical gap={8} className="circula-form-array" data-testid={`lines-${name}`}>
      {lines.map((line, index) => (
        <Card
          key={typeof line.id === 'number' ? `id-${line.id}` : `new-${index}`}
          size="small"
          data-testid="form-array-row"
          title={t('FIELDS.LINES.ROW', { n: index + 1 })}
          extra={!disabled && <ArrayRowButtons onAdd={() => set(insertLineAfter(lines, index))} onRemove={() => set(removeLine(lines, index))} />}
        >
          <Row gutter={12}>
            {lineFields(field).map(([child, definition]) => {
              if (mode === 'create' && definition.readOnly) return null;
              const { Input } = widgetFor(definition);
              const error = disabled ? null : lineFieldError(field, child, line[child]);
              const touched = line[child] !== undefined;
              const id = `${name}_${index}_${child}`;
              return (
                <Col key={child} xs={24} md={WIDE.has(definition.type) ? 24 : 8}>
                  <Form.Item
                    label={labelOf(definition, child, i18n.language)}
                    required={definition.required === true}
                    htmlFor={id}
                    validateStatus={error && touched ? 'error' : undefined}
                    help={error && touched ? t(`ERRORS.${error}`) : undefined}
                    style={{ marginBottom: 8 }}
                  >
                    <Input
                      id={id}
                      name={child}
                      field={definition}
                      target={target}
                      mode={mode}
                      disabled={disabled || definition.readOnly === true}
                      restrictTo={restrictions[child] ?? null}
                      value={line[child] ?? null}
                      onChange={(next: unknown) => set(lines.map((l, i) => (i === index ? { ...l, [child]: next } : l)))}
                    />
                  </Form.Item>
                </Col>
              );
            })}
          </Row>
        </Card>
      ))}
    </Flex>
  );
}

/** The lines in a record's read-only view: how many, and each line's first fields. */
export function LinesDisplay({ field, value }: FieldDisplayProps<LinesField>) {
  const { t } = useTranslation();
  const lines = asLines(value);
  if (lines.length === 0) return null;
  const shown = lineFields(field).slice(0, 3);
  return (
    <Flex vertical gap={2}>
      {lines.map((line, index) => (
        <Typography.Text key={typeof line.id === 'number' ? line.id : index}>
          {t('FIELDS.LINES.ROW', { n: index + 1 })}:{' '}
          {shown.map(([name, definition]) => {
            const { Display } = widgetFor(definition);
            return (
              <span key={name} style={{ marginRight: 8 }}>
                <Display name={name} field={definition} value={line[name] as never} />
              </span>
            );
          })}
        </Typography.Text>
      ))}
    </Flex>
  );
}

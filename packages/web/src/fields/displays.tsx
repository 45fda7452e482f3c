import { deadlineState, type GroupField, type LookupField, type MeasureField, type ReferenceField, type TagsField } from '@circula/model';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocumentLink } from './document-link';
import { formatScalar, measureNumber } from './format-value';
import { textIn } from './labels';
import { lookupOption, lookupValue, tableValueLabel, useLookupValues, type LookupQuery } from './lookup-values';
import { recordLabel, useRecordSummary } from './records-api';
import { useReferenceTarget } from './abilities';
import { tagLabel, useTagsById } from './tags-api';
import type { FieldDisplayProps } from './types';

const NUMERIC = new Set(['integer', 'decimal', 'money']);

/** Today in the user's time zone, as 'YYYY-MM-DD'. */
export const localToday = (): string => new Date().toLocaleDateString('sv-SE');

export function ScalarDisplay({ field, value }: FieldDisplayProps) {
  const { t } = useTranslation();
  const text = formatScalar(field, value, (v) => t(v ? 'FIELDS.YES' : 'FIELDS.NO')) ?? '';
  if (field.type === 'date' && field.deadline) {
    const state = deadlineState(value, field.deadline.warnDays, localToday());
    if (state === 'expired' || state === 'expiring') {
      return (
        <Tag color={state === 'expired' ? 'red' : 'orange'} data-deadline={state}>
          {text} · {t(`FIELDS.DEADLINE.${state.toUpperCase()}`)}
        </Tag>
      );
    }
  }
  if (field.type === 'longText') return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
  return <span style={NUMERIC.has(field.type) ? { display: 'block', textAlign: 'right' } : undefined}>{text}</span>;
}

/** The label of one stored value of a lookup table (the value itself until the table is loaded). */
export function LookupLabel({ table, code, filters }: { table: string; code: string; filters?: LookupQuery }) {
  const { i18n } = useTranslation();
  const { data } = useLookupValues(table, filters);
  const found = data?.find((v) => String(lookupValue(v)) === code);
  return <>{found ? lookupOption(found, i18n.language).label : code}</>;
}

export function LookupDisplay({ field: lookup, value }: FieldDisplayProps<LookupField>) {
  const codes = Array.isArray(value) ? (value as unknown[]).map(String) : typeof value === 'string' && value ? [value] : [];
  if (!codes.length) return null;
  if (!lookup.multiple) return <LookupLabel table={lookup.table} filters={lookup.filters} code={codes[0]!} />;
  return (
    <Flex wrap gap={4}>
      {codes.map((code) => (
        <Tag key={code}>
          <LookupLabel table={lookup.table} filters={lookup.filters} code={code} />
        </Tag>
      ))}
    </Flex>
  );
}

function ReferenceLabel({ endpoint, id }: { endpoint: string; id: number }) {
  const { i18n } = useTranslation();
  const { data } = useRecordSummary(endpoint, id);
  return <>{data ? recordLabel(data, i18n.language, endpoint) : `#${id}`}</>;
}

export function ReferenceDisplay({ field, value }: FieldDisplayProps<ReferenceField>) {
  const endpoint = useReferenceTarget(field).endpoint;
  const ids = Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : [];
  if (!ids.length) return null;
  if (!field.multiple) return <ReferenceLabel endpoint={endpoint} id={ids[0]!} />;
  return (
    <Flex wrap gap={4}>
      {ids.map((id) => (
        <Tag key={id}>
          <ReferenceLabel endpoint={endpoint} id={id} />
        </Tag>
      ))}
    </Flex>
  );
}

export function TagsDisplay({ value }: FieldDisplayProps<TagsField>) {
  const { i18n } = useTranslation();
  const ids = Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : [];
  const { data } = useTagsById(ids);
  if (!ids.length) return null;
  const byId = new Map((data ?? []).map((t) => [t.id, tagLabel(t, i18n.language)]));
  return (
    <Flex wrap gap={4}>
      {ids.map((id) => (
        <Tag key={id}>{byId.get(id) ?? `#${id}`}</Tag>
      ))}
    </Flex>
  );
}

export function DocumentDisplay({ value }: FieldDisplayProps) {
  return typeof value === 'number' ? <DocumentLink id={value} /> : null;
}

export function MeasureDisplay({ field: measure, value }: FieldDisplayProps<MeasureField>) {
  const { i18n } = useTranslation();
  const m = value && typeof value === 'object' ? (value as { value?: unknown; unit?: unknown }) : null;
  const { data } = useLookupValues(m?.unit ? 'MEASURE_UNIT' : null, { alpha1: measure.category });
  if (!m || (m.value == null && !m.unit)) return null;
  const unit = data?.find((v) => v.code === m.unit);
  const symbol = unit ? unit.alpha2 || tableValueLabel(unit, i18n.language) : typeof m.unit === 'string' ? m.unit : '';
  return <span style={{ display: 'block', textAlign: 'right' }}>{[measureNumber(measure, m.value), symbol].filter(Boolean).join(' ')}</span>;
}

export function TranslationsDisplay({ value }: FieldDisplayProps) {
  const { i18n } = useTranslation();
  if (!value || typeof value !== 'object') return null;
  return <span>{textIn(value as Record<string, string>, i18n.language)}</span>;
}

export function JsonDisplay({ value }: FieldDisplayProps) {
  if (!value || typeof value !== 'object') return null;
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(value, null, 2)}</pre>
    </Typography.Paragraph>
  );
}

/** Group keys whose value is a lookup code, with its table. */
const GROUP_LOOKUPS: Record<string, string> = {
  currency: 'CURRENCY_TYPE',
  type: 'PAYMENT_TYPE',
  country: 'COUNTRIES',
  bornCountry: 'COUNTRIES',
};
const GROUP_KEYS: Record<GroupField['group'], string[]> = {
  contact: ['email', 'phone', 'mobile', 'fax', 'website'],
  payment: ['currency', 'type', 'iban', 'bank'],
  address: ['streetType', 'street', 'houseNumber', 'zip', 'city', 'province', 'country', 'cityCode', 'latitude', 'longitude', 'notes'],
  birthPlace: ['bornCity', 'bornProvince', 'bornCountry'],
};

function GroupValueDisplay({ kind, value }: { kind: GroupField['group']; value: Record<string, unknown> }) {
  const { t } = useTranslation();
  const keys = GROUP_KEYS[kind].filter((k) => value[k] !== null && value[k] !== undefined && value[k] !== '');
  if (!keys.length) return null;
  return (
    <Flex wrap gap="2px 16px" data-testid="group-display">
      {keys.map((k) => {
        const raw = String(value[k]);
        const table = GROUP_LOOKUPS[k] ?? ((k === 'province' && value.country === 'ITA') || (k === 'bornProvince' && value.bornCountry === 'ITA') ? 'PROVINCES' : undefined);
        return (
          <span key={k}>
            <Typography.Text type="secondary">{t(`FIELDS.GROUP.${k}`)}: </Typography.Text>
            {table ? <LookupLabel table={table} code={raw} /> : raw}
          </span>
        );
      })}
    </Flex>
  );
}

export function GroupDisplay({ field: group, value }: FieldDisplayProps<GroupField>) {
  const rows = (group.array ? (Array.isArray(value) ? value : []) : value ? [value] : []).filter(
    (r): r is Record<string, unknown> => !!r && typeof r === 'object',
  );
  if (!rows.length) return null;
  return (
    <Flex vertical gap={4}>
      {rows.map((row, i) => (
        <GroupValueDisplay key={i} kind={group.group} value={row} />
      ))}
    </Flex>
  );
}

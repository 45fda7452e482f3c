import type { ReferenceField } from '@circula/model';
import { useTranslation } from 'react-i18next';
import { useReferenceTarget } from '../../fields/abilities';
import { recordLabel, useRecordSummary } from '../../fields/records-api';

/**
 * A referenced record by its name alone ("Rossi S.r.l." rather than "SBJ-000031 — Rossi S.r.l."):
 * the planner's rows are narrow. The whole label is the tooltip.
 */
export function RecordName({ field, value }: { field: Pick<ReferenceField, 'entity' | 'view'>; value: number | null }) {
  const { i18n } = useTranslation();
  const endpoint = useReferenceTarget(field).endpoint;
  const { data } = useRecordSummary(endpoint, value);
  if (value === null) return null;
  if (!data) return <span>#{value}</span>;
  const full = recordLabel(data, i18n.language, endpoint);
  const prefix = data.code ? `${data.code} — ` : '';
  return <span title={full}>{prefix && full.startsWith(prefix) ? full.slice(prefix.length) : full}</span>;
}

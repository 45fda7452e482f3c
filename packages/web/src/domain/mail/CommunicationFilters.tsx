import { communication } from '@circula/model';
import { Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordPicker } from '../../fields/autocomplete/RecordPicker';
import { recordLabel, useRecordSummary } from '../../fields/records-api';
import { FILTERS_PARAM, parseListFilters, withListFilters } from '../../records/list/list-url';
import { SUBJECTS_ENDPOINT } from './communications-api';

type Filtered = 'status' | 'subject';

/**
 * The communications list's filters by status and by subject: the generic list's field filters
 * (the `filters` URL parameter, list-url.ts), so that they show as its tags, survive a reload and
 * can be linked to (a subject's tab links to its communications). The free text stays.
 */
export function CommunicationFilters() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = parseListFilters(params.get(FILTERS_PARAM));
  const valueOf = (field: Filtered) => current.filters.find((f) => f.field === field && f.op === 'eq')?.value;
  const status = valueOf('status');
  const subjectId = valueOf('subject');
  const subject = useRecordSummary(SUBJECTS_ENDPOINT, typeof subjectId === 'number' ? subjectId : null);

  const set = (field: Filtered, value: string | number | null) => {
    const others = current.filters.filter((f) => f.field !== field);
    const filters = value === null ? others : [...others, { field, op: 'eq' as const, value }];
    setParams((previous) => withListFilters(previous, { query: current.query, filters }), { replace: true });
  };

  const lang = i18n.language === 'en' ? 'en' : 'it';
  return (
    <Space wrap data-testid="communication-filters">
      <Select
        allowClear
        style={{ width: 170 }}
        placeholder={t('COMMUNICATIONS.FILTER.STATUS')}
        aria-label={t('COMMUNICATIONS.FILTER.STATUS')}
        value={typeof status === 'string' ? status : null}
        onChange={(value: string | undefined | null) => set('status', value ?? null)}
        data-testid="communication-filter-status"
        options={(communication.statuses?.list ?? []).map((s) => ({ value: s.code, label: <Tag color={s.color}>{s.label[lang]}</Tag> }))}
      />
      <div style={{ width: 280 }}>
        <RecordPicker
          id="communication-filter-subject"
          endpoint={SUBJECTS_ENDPOINT}
          placeholder={t('COMMUNICATIONS.FILTER.SUBJECT')}
          value={typeof subjectId === 'number' ? { value: subjectId, label: subject.data ? recordLabel(subject.data, i18n.language, SUBJECTS_ENDPOINT) : `#${subjectId}` } : null}
          onChange={(next) => set('subject', next ? Number(next.value) : null)}
        />
      </div>
    </Space>
  );
}

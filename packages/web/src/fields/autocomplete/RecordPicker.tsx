import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recordLabel, searchRecords } from '../records-api';
import { Autocomplete } from './Autocomplete';
import { AUTOCOMPLETE, type Suggestion } from './autocomplete-rules';

export interface RecordPickerProps {
  /** The list endpoint searched (free text, through the user's rights). */
  endpoint: string;
  value: Suggestion | null;
  onChange: (value: Suggestion | null) => void;
  id?: string;
  placeholder?: string;
}

/** One record of an entity chosen outside a form (the record to preview a template on), by the autocomplete of spec §5. */
export function RecordPicker({ endpoint, value, onChange, id, placeholder }: RecordPickerProps) {
  const { i18n } = useTranslation();
  const search = useMemo(
    () => async (query: string, signal: AbortSignal) =>
      (await searchRecords(endpoint, query, AUTOCOMPLETE.size, signal)).map((r) => ({ value: r.id, label: recordLabel(r, i18n.language, endpoint) })),
    [endpoint, i18n.language],
  );
  return (
    <Autocomplete
      key={endpoint}
      queryType="fetch"
      search={search}
      selectedLabel={value?.label ?? null}
      onSelect={onChange}
      restrictToSuggestions
      {...(id ? { id } : {})}
      {...(placeholder ? { placeholder } : {})}
    />
  );
}

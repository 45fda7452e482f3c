import type { ReferenceField } from '@circula/model';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete } from '../autocomplete/Autocomplete';
import { AUTOCOMPLETE, type Suggestion } from '../autocomplete/autocomplete-rules';
import { textIn } from '../labels';
import { endpointOf, recordLabel, searchRecords, useRecordSummary, type RecordSummary } from '../records-api';
import type { FieldInputProps } from '../types';

function useReferenceSearch(endpoint: string) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useCallback(
    async (text: string, signal: AbortSignal): Promise<Suggestion[]> => {
      const records = await searchRecords(endpoint, text, AUTOCOMPLETE.size, signal);
      return records.map((r) => {
        // a chosen record's label is known: the display does not ask for it again
        queryClient.setQueryData(['record-summary', endpoint, r.id], r);
        const name = typeof r.name === 'string' ? r.name : textIn(r.name as Record<string, string> | null, i18n.language);
        return { value: r.id, label: recordLabel(r, i18n.language), keys: [r.code ?? '', name].filter(Boolean) };
      });
    },
    [endpoint, queryClient, i18n.language],
  );
}

/** A chip of a chosen record in a multiple reference. */
function ReferenceChip({ endpoint, id, onClose, disabled }: { endpoint: string; id: number; onClose: () => void; disabled?: boolean }) {
  const { i18n } = useTranslation();
  const { data } = useRecordSummary(endpoint, id);
  return (
    <Tag closable={!disabled} onClose={onClose} style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {data ? recordLabel(data, i18n.language) : `#${id}`}
    </Tag>
  );
}

/**
 * Reference to a record of another entity: autocomplete over its search API (spec §4/§5/§9).
 * Only a chosen suggestion is a value; typed text that matches none is handed to the form as text
 * (which the field's schema rejects) and marks the control incorrect.
 */
export function ReferenceInput({ field, value, onChange, disabled, id }: FieldInputProps) {
  const reference = field as ReferenceField;
  const endpoint = endpointOf(reference.entity);
  const search = useReferenceSearch(endpoint);
  const { i18n } = useTranslation();

  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : []), [value]);
  const single = typeof value === 'number' ? value : null;
  const { data: summary } = useRecordSummary(endpoint, reference.multiple ? null : single);

  if (reference.multiple) {
    const add = (s: Suggestion | null) => {
      if (!s || ids.includes(Number(s.value))) return;
      onChange?.([...ids, Number(s.value)]);
    };
    return (
      <Flex vertical gap={4}>
        {ids.length > 0 && (
          <Flex wrap gap={4}>
            {ids.map((rid) => (
              <ReferenceChip
                key={rid}
                endpoint={endpoint}
                id={rid}
                disabled={disabled}
                onClose={() => {
                  const rest = ids.filter((x) => x !== rid);
                  onChange?.(rest.length ? rest : null);
                }}
              />
            ))}
          </Flex>
        )}
        <Autocomplete id={id} search={search} selectedLabel={null} onSelect={add} restrictToSuggestions clearOnSelect disabled={disabled} />
      </Flex>
    );
  }

  const selectedLabel = typeof value === 'string' ? value : summary ? recordLabel(summary as RecordSummary, i18n.language) : null;
  return (
    <Autocomplete
      id={id}
      search={search}
      selectedLabel={selectedLabel}
      onSelect={(s) => onChange?.(s ? Number(s.value) : null)}
      onText={(text) => onChange?.(text)}
      restrictToSuggestions
      disabled={disabled}
    />
  );
}

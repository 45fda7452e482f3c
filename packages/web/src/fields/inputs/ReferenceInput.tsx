import { SearchOutlined } from '@ant-design/icons';
import { CATALOGUE, type ReferenceField } from '@circula/model';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceTarget, useTargetAbilities } from '../abilities';
import { AddRecordButton } from '../autocomplete/AddRecordButton';
import { Autocomplete } from '../autocomplete/Autocomplete';
import { AUTOCOMPLETE, type Suggestion } from '../autocomplete/autocomplete-rules';
import { EmbeddedReferenceInput } from '../embedded/EmbeddedReferenceInput';
import { textIn } from '../labels';
import { recordLabel, searchRecords, useRecordSummary, type RecordSummary } from '../records-api';
import { useRecordWidgets } from '../record-widgets';
import type { FieldInputProps } from '../types';

function useReferenceSearch(endpoint: string, restrictTo?: readonly number[] | null) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useCallback(
    async (text: string, signal: AbortSignal): Promise<Suggestion[]> => {
      const records = await searchRecords(endpoint, text, AUTOCOMPLETE.size, signal, restrictTo);
      return records.map((r) => {
        // a chosen record's label is known: the display does not ask for it again
        queryClient.setQueryData(['record-summary', endpoint, r.id], r);
        const name = typeof r.name === 'string' ? r.name : textIn(r.name as Record<string, string> | null, i18n.language);
        return { value: r.id, label: recordLabel(r, i18n.language, endpoint), keys: [r.code ?? '', name].filter(Boolean) };
      });
    },
    [endpoint, queryClient, i18n.language, restrictTo],
  );
}

/** A chip of a chosen record in a multiple reference. */
function ReferenceChip({ endpoint, id, onClose, disabled }: { endpoint: string; id: number; onClose: () => void; disabled?: boolean }) {
  const { i18n } = useTranslation();
  const { data } = useRecordSummary(endpoint, id);
  return (
    <Tag closable={!disabled} onClose={onClose} style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>
      {data ? recordLabel(data, i18n.language, endpoint) : `#${id}`}
    </Tag>
  );
}

/** The advanced search of a reference: the target's pickup modal with its search box (spec §7). */
function AdvancedSearch({
  name,
  route,
  multiple,
  disabled,
  onPicked,
}: {
  name: string;
  route: string;
  multiple: boolean;
  disabled?: boolean;
  onPicked: (rows: RecordSummary[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { PickupModal } = useRecordWidgets();
  const target = CATALOGUE.target(route);
  if (!target) return null;
  return (
    <>
        <Button
          icon={<SearchOutlined />}
          aria-label={t('WIDGETS.PICKUP.ADVANCED_SEARCH')}
          title={t('WIDGETS.PICKUP.ADVANCED_SEARCH')}
          disabled={disabled}
          onClick={() => setOpen(true)}
          data-testid={`advanced-search-${name}`}
        />
      <PickupModal
        open={open}
        target={target}
        multiple={multiple}
        enableFilters
        onCancel={() => setOpen(false)}
        onConfirm={(rows) => {
          setOpen(false);
          onPicked(rows);
        }}
      />
    </>
  );
}

/**
 * Reference to a record of another entity: autocomplete over its search API (spec §4/§5/§9), an
 * advanced search in the list pickup modal, and "add record" when the user may create the target.
 * Only a chosen suggestion is a value; typed text that matches none is handed to the form as text
 * (which the field's schema rejects) and marks the control incorrect. `widget: 'embedded'` shows
 * the embedded-crud field instead.
 */
export function ReferenceInput(props: FieldInputProps<ReferenceField>) {
  const reference = props.field;
  if (reference.widget === 'embedded' && !reference.multiple) return <EmbeddedReferenceInput {...props} />;
  return <AutocompleteReference {...props} />;
}

function AutocompleteReference({ name, field: reference, value, onChange, disabled, id, restrictTo }: FieldInputProps<ReferenceField>) {
  const { endpoint, route } = useReferenceTarget(reference);
  const search = useReferenceSearch(endpoint, restrictTo);
  const queryClient = useQueryClient();
  const abilities = useTargetAbilities(route);
  const { i18n } = useTranslation();

  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : []), [value]);
  const single = typeof value === 'number' ? value : null;
  const { data: summary } = useRecordSummary(endpoint, reference.multiple ? null : single);

  const remember = (rows: RecordSummary[]) => {
    for (const row of rows) queryClient.setQueryData(['record-summary', endpoint, row.id], row);
  };
  const tools = (
    <>
      {abilities.canRead && (
        <AdvancedSearch
          name={name}
          route={route}
          multiple={reference.multiple === true}
          disabled={disabled}
          onPicked={(rows) => {
            remember(rows);
            if (!reference.multiple) onChange?.(rows[0]?.id ?? null);
            else onChange?.([...ids, ...rows.map((r) => r.id).filter((rid) => !ids.includes(rid))]);
          }}
        />
      )}
      {abilities.canCreate && !disabled && <AddRecordButton name={name} targetRoute={route} multiple={reference.multiple === true} />}
    </>
  );

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
        <Flex gap={4}>
          <Autocomplete
            queryType="fetch"
            id={id}
            search={search}
            selectedLabel={null}
            onSelect={add}
            restrictToSuggestions
            clearOnSelect
            disabled={disabled}
          />
          {tools}
        </Flex>
      </Flex>
    );
  }

  const selectedLabel = typeof value === 'string' ? value : summary ? recordLabel(summary as RecordSummary, i18n.language, endpoint) : null;
  return (
    <Flex gap={4}>
      <Autocomplete
        queryType="fetch"
        id={id}
        search={search}
        selectedLabel={selectedLabel}
        onSelect={(s) => onChange?.(s ? Number(s.value) : null)}
        onText={(text) => onChange?.(text)}
        restrictToSuggestions
        disabled={disabled}
      />
      {tools}
    </Flex>
  );
}

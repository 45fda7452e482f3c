import type { TagsField } from '@circula/model';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagLabel, useTagOptions, useTagsById } from '../tags-api';
import type { FieldInputProps } from '../types';

/** Chips search waits 400 ms (spec §9). */
export const TAG_SEARCH_DEBOUNCE_MS = 400;

/** Tag ids: a multiple select over the tags (of the field's tree when it names one). */
export function TagsInput({ field, value, onChange, disabled, id }: FieldInputProps) {
  const { tree } = field as TagsField;
  const { i18n } = useTranslation();
  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : []), [value]);
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setText(typed), TAG_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useTagOptions(tree, tree ? '' : text);
  const chosen = useTagsById(ids);
  const options = useMemo(() => {
    const byId = new Map<number, string>();
    for (const t of chosen.data ?? []) byId.set(t.id, tagLabel(t, i18n.language));
    for (const t of found.data ?? []) if (t.selectable !== false) byId.set(t.id, tagLabel(t, i18n.language));
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [chosen.data, found.data, i18n.language]);

  return (
    <Select
      id={id}
      mode="multiple"
      value={ids}
      options={options}
      loading={found.isFetching}
      disabled={disabled}
      allowClear
      style={{ width: '100%' }}
      showSearch={tree ? { optionFilterProp: 'label' } : { filterOption: false, onSearch: setTyped }}
      onChange={(next: number[]) => onChange?.(next.length ? next : null)}
    />
  );
}

import { ApartmentOutlined } from '@ant-design/icons';
import type { TagsField } from '@circula/model';
import { Button, Flex, Tooltip } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTargetAbilities } from '../abilities';
import { CHIPS, ChipsInput, type Chip } from '../chips/ChipsInput';
import { TagHierarchyModal } from '../hierarchy/TagHierarchyModal';
import { suggestTags, tagLabel, useTagsById, type TagRecord } from '../tags-api';
import type { FieldInputProps } from '../types';

/** Chips search waits 400 ms (spec §9). */
export const TAG_SEARCH_DEBOUNCE_MS = CHIPS.debounceMs;

const TAGS_ROUTE = 'tags';

/**
 * Tag ids as chips (spec §4/§9): suggestions from the tags search 400 ms after the typing pauses
 * (skip-waiter header), only existing tags, each once; and the tag hierarchy picker (the field's
 * tree, or one the user picks) whose "add" actions appear only when the user may create tags.
 */
export function TagsInput({ field, value, onChange, disabled, id }: FieldInputProps<TagsField>) {
  const { tree } = field;
  const { t, i18n } = useTranslation();
  const abilities = useTargetAbilities(TAGS_ROUTE);
  const [picking, setPicking] = useState(false);
  const ids = useMemo(() => (Array.isArray(value) ? (value as unknown[]).filter((v): v is number => typeof v === 'number') : []), [value]);
  const chosen = useTagsById(ids);
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());

  const labels = useMemo(() => {
    const byId = new Map(known);
    for (const tag of chosen.data ?? []) byId.set(tag.id, tagLabel(tag, i18n.language));
    return byId;
  }, [chosen.data, known, i18n.language]);
  const chips: Chip[] = ids.map((tid) => ({ value: tid, label: labels.get(tid) ?? `#${tid}` }));

  const remember = useCallback((tags: TagRecord[]) => {
    setKnown((previous) => {
      const next = new Map(previous);
      for (const tag of tags) next.set(tag.id, tagLabel(tag, i18n.language));
      return next;
    });
  }, [i18n.language]);

  const suggest = useCallback(
    async (text: string, signal: AbortSignal): Promise<Chip[]> => {
      const found = (await suggestTags(text, CHIPS.size, signal)).filter((tag) => tag.selectable !== false);
      return found.map((tag) => ({ value: tag.id, label: tagLabel(tag, i18n.language) }));
    },
    [i18n.language],
  );

  const set = (next: number[]) => onChange?.(next.length ? next : null);

  return (
    <Flex gap={4} align="flex-end">
      <div style={{ flex: 1, minWidth: 0 }}>
        <ChipsInput
          id={id}
          value={chips}
          suggest={suggest}
          restrictToSuggestions
          disabled={disabled}
          onChange={(next) => {
            setKnown((previous) => {
              const map = new Map(previous);
              for (const c of next) map.set(Number(c.value), c.label);
              return map;
            });
            set(next.map((c) => Number(c.value)));
          }}
        />
      </div>
      <Tooltip title={t('WIDGETS.HIERARCHY.OPEN')}>
        <Button
          icon={<ApartmentOutlined />}
          aria-label={t('WIDGETS.HIERARCHY.OPEN')}
          disabled={disabled}
          onClick={() => setPicking(true)}
          data-testid="tags-hierarchy"
        />
      </Tooltip>
      <TagHierarchyModal
        open={picking}
        {...(tree ? { tree } : {})}
        value={ids}
        canAdd={abilities.canCreate}
        onCancel={() => setPicking(false)}
        onConfirm={(checked, treeIds) => {
          setPicking(false);
          remember(checked.map((node) => ({ id: node.id, name: node.label })));
          // the tree's nodes are replaced by the checked ones; tags of other trees stay
          set([...ids.filter((tid) => !treeIds.includes(tid)), ...checked.map((node) => node.id)]);
        }}
      />
    </Flex>
  );
}

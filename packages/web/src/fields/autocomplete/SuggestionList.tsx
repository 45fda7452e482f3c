import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOCOMPLETE } from './autocomplete-rules';

/** What a suggestion list shows of an entry: a value that keys it and a text. */
export interface ListedSuggestion {
  value: number | string;
  label: string;
}

/** Height of one row of the list (5 px padding above and below a 22 px line). */
export const SUGGESTION_ROW_HEIGHT = 32;
/** The list's own padding, above and below the rows. */
const LIST_PADDING = 4;

/** spec §9: about ten rows are visible before the list scrolls. */
export const SUGGESTION_LIST_MAX_HEIGHT = AUTOCOMPLETE.visibleRows * SUGGESTION_ROW_HEIGHT + 2 * LIST_PADDING;

/**
 * The state of a text box's suggestion list (autocomplete, chips): the suggestions shown, whether
 * the list is open and which row is highlighted, and the keys of spec §4 — arrow down/up move the
 * highlight round the list (up from no highlight goes to the last row), Enter chooses the
 * highlighted row while the list is open, Escape closes it.
 */
export function useSuggestionList<T extends ListedSuggestion>() {
  const listId = useId();
  const [suggestions, setSuggestions] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  /** Found suggestions: the list opens on them, none highlighted. */
  const show = (found: T[]) => {
    setSuggestions(found);
    setActive(-1);
    setOpen(true);
  };

  /** A row was chosen: the list closes and forgets the highlight. */
  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  /**
   * Handles the list's keys; returns whether the key was the list's. Enter without a highlighted
   * row is left to the caller (free text, a form's submit).
   */
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, choose: (suggestion: T) => void): boolean => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return true;
      event.preventDefault();
      setOpen(true);
      const count = suggestions.length;
      // from no highlight, down goes to the first row and up to the last
      if (event.key === 'ArrowDown') setActive((i) => (i + 1) % count);
      else setActive((i) => (i <= 0 ? count - 1 : i - 1));
      return true;
    }
    if (event.key === 'Enter') {
      const suggestion = open ? suggestions[active] : undefined;
      if (!suggestion) return false;
      event.preventDefault();
      choose(suggestion);
      return true;
    }
    if (event.key === 'Escape') {
      setOpen(false);
      return true;
    }
    return false;
  };

  /** The combobox attributes of the text box, with `visible` whether the list is shown now. */
  const comboboxProps = (visible: boolean) => ({
    role: 'combobox' as const,
    'aria-expanded': visible,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': visible && active >= 0 ? `${listId}-${active}` : undefined,
    autoComplete: 'off',
  });

  return { listId, suggestions, setSuggestions, open, setOpen, active, setActive, show, close, onKeyDown, comboboxProps };
}

interface SuggestionListProps<T extends ListedSuggestion> {
  list: Pick<ReturnType<typeof useSuggestionList<T>>, 'listId' | 'suggestions' | 'active' | 'setActive'>;
  /** A search is under way: no "no results" row yet. */
  loading?: boolean;
  onChoose(suggestion: T): void;
  /** Distance from the top of the control (default: right below what precedes the list). */
  top?: number;
}

/**
 * The drop-down list of suggestions under a text box: at most about ten rows visible (spec §9),
 * the highlighted row marked, a click chooses (the mouse-down does not take the focus from the
 * box, so its blur does not close the list first), hovering highlights.
 */
export function SuggestionList<T extends ListedSuggestion>({ list, loading = false, onChoose, top }: SuggestionListProps<T>) {
  const { t } = useTranslation();
  const { listId, suggestions, active, setActive } = list;
  return (
    <ul
      id={listId}
      role="listbox"
      style={{
        position: 'absolute',
        zIndex: 1050,
        top,
        left: 0,
        right: 0,
        margin: 0,
        padding: LIST_PADDING,
        listStyle: 'none',
        background: 'var(--ant-color-bg-elevated, #fff)',
        boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
        borderRadius: 6,
        maxHeight: SUGGESTION_LIST_MAX_HEIGHT,
        overflowY: 'auto',
      }}
    >
      {suggestions.length === 0 && !loading && <li style={{ padding: '5px 12px', color: '#888' }}>{t('FIELDS.NO_RESULTS')}</li>}
      {suggestions.map((s, i) => (
        <li
          key={String(s.value)}
          id={`${listId}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(s)}
          onMouseEnter={() => setActive(i)}
          style={{
            padding: '5px 12px',
            lineHeight: '22px',
            cursor: 'pointer',
            borderRadius: 4,
            background: i === active ? 'rgba(47,125,79,0.12)' : undefined,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {s.label}
        </li>
      ))}
    </ul>
  );
}

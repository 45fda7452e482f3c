import { Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOCOMPLETE, type Suggestion } from './autocomplete-rules';
import { SuggestionList, useSuggestionList } from './SuggestionList';

interface AutocompleteCommon {
  /** The label of the current value; shown when the user is not typing. */
  selectedLabel: string | null;
  /** A suggestion was chosen, or the text was cleared (null). */
  onSelect: (suggestion: Suggestion | null) => void;
  /** Free text typed (only without restrictToSuggestions, or to report the raw text). */
  onText?: (text: string) => void;
  /** Free text is not a value: the control is 'incorrect' until a suggestion is chosen. */
  restrictToSuggestions?: boolean;
  minCharsToSearch?: number;
  /** Keep the text after a selection (single) or empty the box (multiple adds chips). */
  clearOnSelect?: boolean;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}

/**
 * How suggestions are found (spec §5, §7): `fetch` asks the server per pause in typing;
 * `preFetch` loads the full list once at start and filters it locally.
 */
export type AutocompleteQuery =
  | {
      queryType: 'fetch';
      /** Looks suggestions up; called at most once per pause in typing. */
      search: (text: string, signal: AbortSignal) => Promise<Suggestion[]>;
      prefetch?: never;
    }
  | {
      queryType: 'preFetch';
      /** The full list, loaded once when the control mounts. */
      prefetch: (signal: AbortSignal) => Promise<Suggestion[]>;
      search?: never;
    };

export type AutocompleteProps = AutocompleteCommon & AutocompleteQuery;

/** The suggestions of a pre-fetched list matching a text (case-insensitive, label or keys), at most `size`. */
export function filterSuggestions(all: readonly Suggestion[], text: string, size: number = AUTOCOMPLETE.size): Suggestion[] {
  const wanted = text.trim().toLowerCase();
  const matches = wanted ? all.filter((s) => s.label.toLowerCase().includes(wanted) || s.keys?.some((k) => k.toLowerCase().includes(wanted))) : all;
  return matches.slice(0, size);
}

/**
 * The autocomplete of spec §4/§5/§9: opens on focus, searches from `minCharsToSearch` characters
 * after a 250 ms pause, shows up to 10 suggestions, arrow up/down and enter navigate, closes 150 ms
 * after blur. With restrictToSuggestions free text marks the control incorrect; on blur an exact
 * case-insensitive label match is selected. In preFetch mode the whole list is loaded once and
 * filtered locally as the user types (no minimum length, no wait). Without a query type it throws:
 * a developer error (spec §8).
 */
export function Autocomplete(props: AutocompleteProps) {
  if (props.queryType !== 'fetch' && props.queryType !== 'preFetch') {
    throw new Error("autocomplete: missing 'queryType' (fetch or preFetch)");
  }
  return <AutocompleteControl {...props} />;
}

function AutocompleteControl({
  queryType,
  search,
  prefetch,
  selectedLabel,
  onSelect,
  onText,
  restrictToSuggestions = false,
  minCharsToSearch = AUTOCOMPLETE.minChars,
  clearOnSelect = false,
  disabled,
  id,
  placeholder,
}: AutocompleteProps) {
  const { t } = useTranslation();
  const list = useSuggestionList<Suggestion>();
  const { suggestions, setSuggestions, open, setOpen } = list;
  const [text, setText] = useState(selectedLabel ?? '');
  const [editing, setEditing] = useState(false);
  const [loading, setLoading] = useState(false);
  const [incorrect, setIncorrect] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const request = useRef<AbortController | null>(null);
  const [all, setAll] = useState<Suggestion[] | null>(null);
  const latest = useRef({ text, suggestions, incorrect, all });
  latest.current = { text, suggestions, incorrect, all };

  // preFetch: the full list, once
  useEffect(() => {
    if (queryType !== 'preFetch' || !prefetch) return;
    const controller = new AbortController();
    setLoading(true);
    prefetch(controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setAll(found);
      })
      .catch(() => {
        if (!controller.signal.aborted) setAll([]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // the list is fetched once, when the control mounts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryType]);

  // the value changed from outside (form reset, record loaded): show its label
  // (our own changes already show the label: only a different one replaces the text)
  useEffect(() => {
    if (clearOnSelect || (selectedLabel ?? '') === latest.current.text) return;
    setText(selectedLabel ?? '');
    setIncorrect(false);
  }, [selectedLabel, clearOnSelect]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (blurTimer.current) clearTimeout(blurTimer.current);
      request.current?.abort();
    },
    [],
  );

  const cancelSearch = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    request.current?.abort();
    request.current = null;
    setLoading(false);
  };

  const runSearch = (query: string) => {
    if (queryType === 'preFetch' || !search) return;
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    search(query, controller.signal)
      .then((found) => {
        if (controller.signal.aborted) return;
        list.show(found.slice(0, AUTOCOMPLETE.size));
      })
      .catch(() => {
        if (!controller.signal.aborted) setSuggestions([]);
      })
      .finally(() => {
        if (request.current === controller) {
          request.current = null;
          setLoading(false);
        }
      });
  };

  const choose = (suggestion: Suggestion) => {
    cancelSearch();
    setText(clearOnSelect ? '' : suggestion.label);
    setIncorrect(false);
    list.close();
    setEditing(false);
    onSelect(suggestion);
  };

  const onChangeText = (next: string) => {
    setText(next);
    setEditing(true);
    cancelSearch();
    if (next === '') {
      setSuggestions([]);
      setIncorrect(false);
      setOpen(false);
      if (!clearOnSelect) onSelect(null);
      return;
    }
    setIncorrect(restrictToSuggestions);
    onText?.(next);
    if (queryType === 'preFetch') {
      list.show(filterSuggestions(all ?? [], next));
      return;
    }
    if (next.trim().length < minCharsToSearch) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => runSearch(next.trim()), AUTOCOMPLETE.waitMs);
  };

  const onFocus = () => {
    if (blurTimer.current) clearTimeout(blurTimer.current);
    if (queryType === 'preFetch' && all && !disabled) {
      // the list is at hand: focus opens it on what the box holds (everything when empty)
      list.show(filterSuggestions(all, editing ? text : ''));
      return;
    }
    if (suggestions.length > 0) setOpen(true);
  };

  const onBlur = () => {
    blurTimer.current = setTimeout(() => {
      blurTimer.current = null;
      setOpen(false);
      const { text: current, suggestions: shown, incorrect: free, all: everything } = latest.current;
      const found = everything ?? shown;
      if (!restrictToSuggestions || current === '' || !free) {
        setEditing(false);
        return;
      }
      const wanted = current.trim().toLowerCase();
      const match = found.find((s) => s.label.toLowerCase() === wanted || s.keys?.some((k) => k.toLowerCase() === wanted));
      if (match) choose(match);
    }, AUTOCOMPLETE.blurDelayMs);
  };

  const showList =
    open &&
    !disabled &&
    (suggestions.length > 0 || (!loading && editing && (queryType === 'preFetch' ? text.trim() !== '' : text.trim().length >= minCharsToSearch)));

  return (
    <div className="circula-autocomplete" style={{ position: 'relative', width: '100%' }}>
      <Input
        id={id}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        status={incorrect ? 'error' : undefined}
        aria-invalid={incorrect || undefined}
        data-error={incorrect ? 'incorrect' : undefined}
        {...list.comboboxProps(showList)}
        allowClear
        suffix={loading ? <Spin size="small" /> : <span />}
        onChange={(e) => onChangeText(e.target.value)}
        onKeyDown={(event) => list.onKeyDown(event, choose)}
        onFocus={onFocus}
        onBlur={onBlur}
      />
      {incorrect && (
        <div className="ant-form-item-explain-error" role="alert" style={{ fontSize: 12 }}>
          {t('FIELDS.ERRORS.INCORRECT')}
        </div>
      )}
      {showList && <SuggestionList list={list} loading={loading} onChoose={choose} top={34} />}
    </div>
  );
}

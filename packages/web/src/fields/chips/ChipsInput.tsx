import { Input, Spin, Tag } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTOCOMPLETE } from '../autocomplete/autocomplete-rules';
import { SuggestionList, useSuggestionList } from '../autocomplete/SuggestionList';

/** Constants of the chips input (spec §9). */
export const CHIPS = {
  /** Pause in typing before the suggestions are asked for. */
  debounceMs: 400,
  /** A chip never grows wider than this; longer labels are ellipsed. */
  tokenMaxWidth: 200,
  /** Suggestions asked for and shown. */
  size: 10,
} as const;

/** A chip: its value (an id, or the text itself for free chips) and the text it shows. */
export interface Chip {
  value: number | string;
  label: string;
}

export interface ChipsInputProps {
  value: Chip[];
  onChange: (chips: Chip[]) => void;
  /** Suggestions for a text (the configurable endpoint, spec §7); called once per 400 ms pause. */
  suggest?: (text: string, signal: AbortSignal) => Promise<Chip[]>;
  /** Free text is not a chip: only suggestions (or an exact, case-insensitive match of one) are added. */
  restrictToSuggestions?: boolean;
  /** Once this many chips are there the input is disabled. */
  maxChips?: number;
  /** Longest text a chip may have. */
  maxChars?: number;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
}

const sameChip = (a: Chip, b: Chip) =>
  a.value === b.value || (typeof a.value === 'string' && typeof b.value === 'string' && a.label.trim().toLowerCase() === b.label.trim().toLowerCase());

/**
 * Chips (spec §4/§5/§9): tokens of at most 200 px, a text box whose suggestions come 400 ms after
 * the typing pauses, Enter or a click adds a chip; chips are unique; an optional maximum of chips
 * disables the box once reached, an optional maximum of characters limits the text; with
 * restrictToSuggestions free text adds nothing.
 */
export function ChipsInput({ value, onChange, suggest, restrictToSuggestions = false, maxChips, maxChars, disabled, id, placeholder }: ChipsInputProps) {
  const { t } = useTranslation();
  const list = useSuggestionList<Chip>();
  const { suggestions, setSuggestions, open, setOpen } = list;
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const [refused, setRefused] = useState<'duplicate' | 'incorrect' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const request = useRef<AbortController | null>(null);

  const full = maxChips !== undefined && value.length >= maxChips;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    request.current?.abort();
    request.current = null;
    setLoading(false);
  };

  const add = (chip: Chip) => {
    cancel();
    if (full) return;
    if (value.some((c) => sameChip(c, chip))) {
      setRefused('duplicate');
      return;
    }
    onChange([...value, chip]);
    setText('');
    setSuggestions([]);
    list.close();
    setRefused(null);
  };

  const changeText = (next: string) => {
    const limited = maxChars !== undefined ? next.slice(0, maxChars) : next;
    setText(limited);
    setRefused(null);
    cancel();
    if (!suggest || limited.trim() === '') {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      setLoading(true);
      suggest(limited.trim(), controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          list.show(found.slice(0, CHIPS.size));
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
    }, CHIPS.debounceMs);
  };

  const addTyped = () => {
    const typed = text.trim();
    if (!typed) return;
    const exact = suggestions.find((s) => s.label.trim().toLowerCase() === typed.toLowerCase());
    if (exact) add(exact);
    else if (restrictToSuggestions) setRefused('incorrect');
    else add({ value: typed, label: typed });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (list.onKeyDown(event, add)) return;
    if (event.key === 'Enter') {
      // no highlighted suggestion: the typed text is the chip (never the form's submit)
      event.preventDefault();
      addTyped();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0 && !disabled) {
      onChange(value.slice(0, -1));
    }
  };

  const showList = open && !disabled && !full && text.trim() !== '';

  return (
    <div className="circula-chips" style={{ position: 'relative', width: '100%' }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 4,
          padding: value.length ? '2px 0 4px' : 0,
        }}
      >
        {value.map((chip) => (
          <Tag
            key={String(chip.value)}
            closable={!disabled}
            onClose={(e) => {
              e.preventDefault();
              onChange(value.filter((c) => c !== chip));
            }}
            title={chip.label}
            style={{ maxWidth: CHIPS.tokenMaxWidth, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', marginInlineEnd: 0 }}
            data-testid="chip"
          >
            {chip.label}
          </Tag>
        ))}
      </div>
      <Input
        id={id}
        value={text}
        disabled={disabled || full}
        maxLength={maxChars}
        placeholder={full ? t('WIDGETS.CHIPS.FULL', { count: maxChips }) : (placeholder ?? t('WIDGETS.CHIPS.PLACEHOLDER'))}
        status={refused ? 'error' : undefined}
        aria-invalid={refused ? true : undefined}
        {...list.comboboxProps(showList)}
        suffix={loading ? <Spin size="small" /> : <span />}
        onChange={(e) => changeText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), AUTOCOMPLETE.blurDelayMs)}
      />
      {refused && (
        <div className="ant-form-item-explain-error" role="alert" style={{ fontSize: 12 }}>
          {t(refused === 'duplicate' ? 'WIDGETS.CHIPS.DUPLICATE' : 'FIELDS.ERRORS.INCORRECT')}
        </div>
      )}
      {showList && <SuggestionList list={list} loading={loading} onChoose={add} />}
    </div>
  );
}

import type { TranslationsField } from '@circula/model';
import { Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../types';

export const TRANSLATION_LANGUAGES = ['it', 'en'] as const;

/** `{ it, en }`: one input per language; languages left empty are left out, all empty = null. */
export function TranslationsInput({ field, value, onChange, disabled, id }: FieldInputProps<TranslationsField>) {
  const current = value && typeof value === 'object' ? (value as Record<string, string>) : {};
  const { max } = field;
  const set = (language: string, text: string) => {
    const next: Record<string, string> = { ...current };
    if (text === '') delete next[language];
    else next[language] = text;
    onChange?.(Object.keys(next).length ? next : null);
  };
  return (
    <Flex vertical gap={4} style={{ width: '100%' }}>
      {TRANSLATION_LANGUAGES.map((language, i) => (
        <Input
          key={language}
          id={i === 0 ? id : undefined}
          aria-label={language.toUpperCase()}
          prefix={<span style={{ color: '#888', width: 22, display: 'inline-block' }}>{language.toUpperCase()}</span>}
          value={current[language] ?? ''}
          maxLength={max}
          disabled={disabled}
          onChange={(e) => set(language, e.target.value)}
        />
      ))}
    </Flex>
  );
}

/** The message key of a JSON text, or null when it is an object. */
export function jsonTextError(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? null : 'FIELDS.ERRORS.JSON_NOT_OBJECT';
  } catch {
    return 'FIELDS.ERRORS.INVALID_JSON';
  }
}

const pretty = (value: unknown): string => (value && typeof value === 'object' ? JSON.stringify(value, null, 2) : typeof value === 'string' ? value : '');

/**
 * A JSON object typed as text. A valid object goes to the form as an object; invalid text goes as
 * text (which the field's schema rejects) and the error is shown under the box.
 */
export function JsonInput({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? pretty(value);
  const error = jsonTextError(shown);
  return (
    <div style={{ width: '100%' }}>
      <Input.TextArea
        id={id}
        value={shown}
        disabled={disabled}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        autoSize={{ minRows: 3, maxRows: 16 }}
        style={{ resize: 'vertical', fontFamily: 'monospace' }}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (next.trim() === '') onChange?.(null);
          else onChange?.(jsonTextError(next) ? next : (JSON.parse(next) as Record<string, unknown>));
        }}
        onBlur={() => {
          if (!jsonTextError(shown)) setText(null);
        }}
      />
      {error && (
        <div className="ant-form-item-explain-error" role="alert" style={{ fontSize: 12 }}>
          {t(error)}
        </div>
      )}
    </div>
  );
}

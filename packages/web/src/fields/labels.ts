import type { FieldDefinition, Label } from '@circula/model';

/** The field's label in the UI language (Italian when that language is missing), else its name. */
export function labelOf(field: FieldDefinition, name: string, language: string): string {
  return textIn(field.label, language) || name;
}

/** A `{ it, en, … }` text in the language, falling back to Italian, then to any language. */
export function textIn(text: Partial<Label> | Record<string, string> | null | undefined, language: string): string {
  if (!text) return '';
  const byLanguage = text as Record<string, string | undefined>;
  return byLanguage[language] || byLanguage.it || Object.values(byLanguage).find((v) => !!v) || '';
}

/** The UI language reduced to the two the dictionaries carry. */
export const uiLanguage = (language: string | undefined): 'it' | 'en' => (language?.startsWith('en') ? 'en' : 'it');

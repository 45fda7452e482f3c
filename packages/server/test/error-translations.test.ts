import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CRON_ERRORS, MESSAGES, SVG_ERRORS } from '@circula/model';
import { describe, expect, it } from 'vitest';

/**
 * Every message key the server can put into an error answer (`errorMessage`, or the `message` of
 * an entry of `errors`) must be translated in Italian and English: the web shows
 * `ERRORS.{key}` (spec §8), and an untranslated key reaches the user as a bare code.
 *
 * The keys are read from the server's source, so a new one fails here until it is translated:
 * the string literals given to the error helpers (badRequest, forbidden, conflict,
 * constraintViolation, new AppError… and any function that hands a `message` parameter on), the
 * values of `message:` / `errorMessage:` properties and `message = …` defaults, the values of
 * `*_MESSAGES` / `*_ERRORS` tables, and what functions named `…Problem…` / `toMessageKey` return;
 * constants named in those places are resolved. The model's validation messages are added as the
 * model exports them. A key with a dot (DOCUMENTS.NO_FILE_PRESENT) is a whole dictionary path.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_SRC = join(root, 'src');
const I18N = join(root, '..', 'web', 'src', 'i18n');

/** Folders whose strings never reach an error answer: released migrations and demo data. */
const SKIPPED = ['db/migrations', 'seed'];
const BASE_HELPERS = ['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'constraintViolation', 'AppError'];
/** A message key: UPPER_SNAKE (or the spec's lower-case `already_exists`), or a dotted dictionary path. */
const KEY = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$|^[A-Z][A-Z0-9]+$|^[A-Z][A-Z0-9_]*(?:\.[A-Z][A-Z0-9_]*)+$/;

interface SourceFile {
  path: string;
  /** The source with comments and regular-expression literals blanked; strings kept. */
  clean: string;
  /** The same with the inside of every string blanked too: what is searched as code. All three have one length. */
  code: string;
}

function sourceFiles(dir: string, rel = ''): SourceFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    if (SKIPPED.includes(relPath)) return [];
    if (entry.isDirectory()) return sourceFiles(join(dir, entry.name), relPath);
    if (!entry.name.endsWith('.ts')) return [];
    return [{ path: relPath, ...lex(readFileSync(join(dir, entry.name), 'utf8')) }];
  });
}

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/**
 * A small TypeScript lexer: comments, strings (template literals as a whole) and regular
 * expression literals (a `/` where a value may start), so that a quote inside a regex or a
 * `message: 'X'` inside a comment or a mail template's text is not taken for code.
 */
function lex(text: string): { clean: string; code: string } {
  let clean = '';
  let code = '';
  let previous = '';
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    let end = i + 1;
    let kind: 'code' | 'comment' | 'string' | 'regex' = 'code';
    if (c === '/' && text[i + 1] === '/') {
      end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      kind = 'comment';
    } else if (c === '/' && text[i + 1] === '*') {
      end = text.indexOf('*/', i + 2) + 2;
      if (end < 2) end = text.length;
      kind = 'comment';
    } else if (c === "'" || c === '"' || c === '`') {
      end = skip(text, i, c);
      kind = 'string';
    } else if (c === '/' && (previous === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(previous) || /\b(return|typeof|case|of|in)$/.test(code.trimEnd()))) {
      let inClass = false;
      for (end = i + 1; end < text.length && text[end] !== '\n'; end++) {
        if (text[end] === '\\') end++;
        else if (text[end] === '[') inClass = true;
        else if (text[end] === ']') inClass = false;
        else if (text[end] === '/' && !inClass) break;
      }
      while (/[a-z]/.test(text[end + 1] ?? '')) end++;
      end++;
      kind = 'regex';
    }
    const part = text.slice(i, end);
    clean += kind === 'comment' || kind === 'regex' ? blank(part) : part;
    code += kind === 'code' ? part : kind === 'string' ? part[0] + blank(part.slice(1, -1)) + part.slice(-1) : blank(part);
    if (kind !== 'comment' && !/\s/.test(c)) previous = kind === 'code' ? c : 'x';
    i = end;
  }
  return { clean, code };
}

/** The index just after the string literal starting at `start`. */
function skip(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/** The end (exclusive) of the bracket opened at `open`, in code whose strings are blanked. */
function closing(code: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return code.length;
}

/** The end of the expression starting at `start` (a property value, a default): the first `,` `;` or line end at its depth, or a closing bracket. */
function expressionEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return i;
      depth--;
    } else if ((c === ',' || c === ';' || c === '\n') && depth === 0) return i;
  }
  return code.length;
}

interface Found {
  keys: Set<string>;
  /** Constant names used where a message goes, resolved once every file is read. */
  names: Set<string>;
}

/** The message keys of an expression: its string literals (not those it compares against) and the constants it names. */
function collect(expression: string, found: Found): void {
  const code = expression
    .replace(/\bfield\s*:\s*('[^']*'|"[^"]*")/g, '')
    .replace(/[!=]==\s*('[^']*'|"[^"]*")/g, '')
    .replace(/('[^']*'|"[^"]*")\s*[!=]==/g, '');
  for (const match of code.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"/g)) {
    const value = match[1] ?? match[2] ?? '';
    if (KEY.test(value)) found.keys.add(value);
  }
  for (const match of code.matchAll(/(?<![.\w'"])([A-Z][A-Z0-9_]+)(?:\.(\w+))?(?![\w(.])/g)) found.names.add(match[2] ? `${match[1]}.${match[2]}` : match[1]!);
}

function serverMessageKeys(): { keys: Set<string>; unresolved: string[] } {
  const files = sourceFiles(SERVER_SRC);
  const found: Found = { keys: new Set(), names: new Set() };
  const constants = new Map<string, string>();

  // functions that hand a `message` parameter on to an error: their calls are error calls too
  const helpers = new Set(BASE_HELPERS);
  for (const { code } of files) {
    for (const m of code.matchAll(/function\s+(\w+)\s*\(([^)]*)\)|(?:const|let)\s+(\w+)\s*=\s*\(([^)]*)\)\s*(?::[^=]+)?=>/g)) {
      const [name, params] = m[1] ? [m[1], m[2]!] : [m[3]!, m[4]!];
      if (/\bmessage\b/.test(params)) helpers.add(name);
    }
  }

  const tables = new Set<string>();
  for (const { clean, code } of files) {
    // constants: `const NAME = 'VALUE'` and the entries of constant objects (`NAME.key`)
    for (const m of code.matchAll(/const\s+([A-Z][A-Z0-9_]+)\s*(?::[^=]+)?=\s*'/g)) {
      const at = m.index + m[0].length - 1;
      constants.set(m[1]!, clean.slice(at + 1, skip(clean, at, "'") - 1));
    }
    for (const m of code.matchAll(/const\s+([A-Z][A-Z0-9_]+)\s*(?::[^=]+)?=\s*\{/g)) {
      const open = m.index + m[0].length - 1;
      const body = clean.slice(open + 1, closing(code, open) - 1);
      tables.add(m[1]!);
      for (const entry of body.matchAll(/(\w+)\s*:\s*'([^']*)'/g)) constants.set(`${m[1]}.${entry[1]}`, entry[2]!);
      // tables of message keys
      if (/_(MESSAGES|ERRORS)$/.test(m[1]!)) collect(body.replace(/(^|[,{\s])\w+\s*:/g, '$1'), found);
    }
    // calls of the error helpers (forbidden's first argument is a reason, not a message)
    for (const m of code.matchAll(/(?<![\w.])(?:new\s+)?(\w+)\s*\(/g)) {
      if (!helpers.has(m[1]!) || /(?:function|const|let)\s+$/.test(code.slice(Math.max(0, m.index - 10), m.index))) continue;
      const open = m.index + m[0].length - 1;
      let args = clean.slice(open, closing(code, open));
      if (m[1] === 'forbidden') args = args.replace(/^\(\s*[^,)]*,?/, '(');
      if (m[1] === 'AppError') args = args.replace(/^\(\s*\d+\s*,/, '(');
      collect(args, found);
    }
    // `message: …`, `errorMessage: …`, `message = …` (defaults), and message types (`message: 'A' | 'B'`)
    for (const m of code.matchAll(/\b(?:message|errorMessage)\s*(?::|=(?!=))\s*/g)) {
      const start = m.index + m[0].length;
      const expression = clean.slice(start, expressionEnd(code, start));
      if (!/^(?:string|unknown)\b/.test(expression.trim())) collect(expression, found);
    }
    // what message-producing functions return
    for (const m of code.matchAll(/function\s+(\w*(?:[Pp]roblem|MessageKey)\w*)\s*\([^)]*\)[^{]*\{/g)) {
      const open = m.index + m[0].length - 1;
      const close = closing(code, open);
      for (const r of code.slice(open, close).matchAll(/\breturn\s+/g)) {
        const start = open + r.index + r[0].length;
        collect(clean.slice(start, expressionEnd(code, start)), found);
      }
    }
  }

  const unresolved: string[] = [];
  for (const name of found.names) {
    if (constants.has(name)) {
      const value = constants.get(name)!;
      if (KEY.test(value)) found.keys.add(value);
    } else if (!tables.has(name) && !/^(MESSAGES|CRON_ERRORS|SVG_ERRORS|FORBIDDEN_REASONS)(\.|$)/.test(name)) {
      unresolved.push(name);
    }
  }
  for (const table of [MESSAGES, CRON_ERRORS, SVG_ERRORS]) for (const value of Object.values(table)) found.keys.add(value);
  return { keys: found.keys, unresolved };
}

type Dictionary = { [key: string]: string | Dictionary };

/** A language's dictionary as the web app builds it: the main file and every part. */
function dictionary(language: 'it' | 'en'): Dictionary {
  const merge = (target: Dictionary, source: Dictionary): Dictionary => {
    for (const [key, value] of Object.entries(source)) {
      const existing = target[key];
      if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
      else target[key] = typeof value === 'object' ? merge({}, value) : value;
    }
    return target;
  };
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Dictionary;
  const parts = readdirSync(join(I18N, 'parts')).filter((f) => f.endsWith(`.${language}.json`));
  return parts.reduce((dict, part) => merge(dict, read(join(I18N, 'parts', part))), read(join(I18N, `${language}.json`)));
}

const translated = (dict: Dictionary, key: string): boolean => {
  const value = (key.includes('.') ? key : `ERRORS.${key}`).split('.').reduce<unknown>((node, part) => (node as Dictionary | undefined)?.[part], dict);
  return typeof value === 'string' && value.trim() !== '';
};

describe('error messages of the server', () => {
  const { keys, unresolved } = serverMessageKeys();

  it('are found in the server code (the scan sees the kinds of places messages come from)', () => {
    for (const key of [
      'UNKNOWN_FIELD', // badRequest('…')
      'CANT_GRANT_AUTHORITIES', // a helper taking a message (assertWithinCaller)
      'UNKNOWN_STATUS', // invalidTransition('…')
      'ALREADY_EXISTS', // constraintViolation([{ field, message: '…' }])
      'TOO_DEEP', // a message type and a helper of input-guard
      'CRON_NEVER_FIRES', // a constant
      'INVALID_REGEX', // a *_ERRORS table
      'METHOD_NOT_ALLOWED', // CLIENT_ERROR_MESSAGES
      'INTERNAL_ERROR', // errorMessage: '…'
      'DOCUMENTS.NO_FILE_PRESENT', // a whole key
      'already_exists', // the registration's lower-case code
      'REQUIRED', // the model's validation messages
    ]) {
      expect(keys, key).toContain(key);
    }
    // field names and compared values are not messages
    for (const notMessage of ['username', 'file', 'W', 'R']) expect(keys).not.toContain(notMessage);
  });

  it('name only constants the scan can read', () => {
    expect(unresolved).toEqual([]);
  });

  it.each(['it', 'en'] as const)('are translated in %s', (language) => {
    const dict = dictionary(language);
    expect([...keys].filter((key) => !translated(dict, key)).sort()).toEqual([]);
  });
});

// What text Hortus accepts, checked by the schemas (as JSON-schema formats) so that both databases store
// exactly the same thing: PostgreSQL refuses NUL outright and SQLite would store a lone surrogate as
// invalid UTF-8. Tab and newline belong in free text (descriptions, notes), never in names or keys.

/** C0 controls but tab and newline (carriage return too: a pasted Windows line end), DEL, C1 controls,
 * and UTF-16 surrogates that are not part of a pair (the `u` flag makes a pair one code point). */
// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const FORBIDDEN_IN_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u
const FORBIDDEN_IN_LINE = /[\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]/u
/* eslint-enable no-control-regex */

/** Characters that show nothing: spaces, controls, format characters (zero-width space and joiners, soft
 * hyphen, byte order mark, direction marks), and the Hangul and Braille blanks. */
const INVISIBLE = /[\s\p{C}\p{Z}\u115F\u1160\u3164\uFFA0\u2800]/gu

export const TEXT_FORMATS = {
  /** One line of text: names, keys, values, query parameters. */
  'single-line': (text: string) => !FORBIDDEN_IN_LINE.test(text),
  /** Free text (descriptions, notes): tab and line breaks allowed. */
  multiline: (text: string) => !FORBIDDEN_IN_MULTILINE.test(text),
  /** One line that shows at least one character once invisible ones are removed. */
  'visible-line': (text: string) => !FORBIDDEN_IN_LINE.test(text) && text.replace(INVISIBLE, '') !== '',
  /** Free text that shows at least one character. */
  'visible-text': (text: string) => !FORBIDDEN_IN_MULTILINE.test(text) && text.replace(INVISIBLE, '') !== '',
} as const

export type TextFormat = keyof typeof TEXT_FORMATS

const PROBLEMS: Record<TextFormat, string> = {
  'single-line': 'must not contain control characters, line breaks or unpaired surrogates',
  multiline: 'must not contain control characters (tab and line breaks are allowed) or unpaired surrogates',
  'visible-line':
    'must show visible characters, without control characters, line breaks or unpaired surrogates',
  'visible-text':
    'must show visible characters, without control characters (tab and line breaks are allowed) or unpaired surrogates',
}

/** The problem a client is told about a string that fails its format, or null for another format. */
export const textFormatProblem = (format: string): string | null =>
  format in PROBLEMS ? PROBLEMS[format as TextFormat] : null

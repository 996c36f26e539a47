// The sources' CSV files, read whole with csv-parse (they are small): RFC 4180 quoting, CRLF or LF line
// ends, a leading byte order mark dropped, blank lines skipped, rows of any length (the caller knows the
// header). A quote inside an unquoted field, or a file ending inside quotes, is an error.
import { parse } from 'csv-parse/sync'

/** Parses CSV text into rows of fields. */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true })
}

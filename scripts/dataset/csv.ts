// A small RFC 4180 CSV reader: quoted fields, doubled quotes inside quotes, line breaks inside quotes,
// CRLF or LF line ends and a leading UTF-8 byte order mark. The sources are small enough to read whole.

/** Parses CSV text into rows of fields. Blank lines are skipped; no header handling (the caller knows). */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let inQuotes = false
  let fieldWasQuoted = false
  let rowHasQuotedField = false

  const endField = (): void => {
    row.push(field)
    field = ''
    fieldWasQuoted = false
  }
  const endRow = (): void => {
    endField()
    // A line with nothing on it is not a record (a trailing newline, or an empty line between records).
    if (!(row.length === 1 && row[0] === '' && !rowHasQuotedField)) rows.push(row)
    row = []
    rowHasQuotedField = false
  }

  for (let i = 0; i < input.length; i++) {
    const char = input[i]
    if (inQuotes) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"'
          i++
        } else {
          inQuotes = false
        }
      } else {
        field += char
      }
      continue
    }
    if (char === '"' && field === '' && !fieldWasQuoted) {
      inQuotes = true
      fieldWasQuoted = true
      rowHasQuotedField = true
    } else if (char === ',') {
      endField()
    } else if (char === '\r' && input[i + 1] === '\n') {
      // CRLF: the \n that follows ends the row.
    } else if (char === '\n' || char === '\r') {
      endRow()
    } else {
      field += char
    }
  }
  if (inQuotes) throw new Error('CSV ends inside a quoted field')
  if (field !== '' || row.length > 0 || fieldWasQuoted) endRow()
  return rows
}

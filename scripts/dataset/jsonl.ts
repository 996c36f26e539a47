// JSON Lines output: the header object, then one object per line, each ending with a newline.
import type { DatasetHeader } from './attribution.ts'

export function jsonLines(header: DatasetHeader, lines: object[]): string {
  return [header, ...lines].map((line) => `${JSON.stringify(line)}\n`).join('')
}

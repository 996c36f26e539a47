// Reading a raw source file. The repository keeps its large sources gzip-compressed (data/sources/…/x.gz);
// a directory of uncompressed sources (HORTUS_SOURCE_DATA) works too, so the path names the plain file.
import { existsSync, readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'

/**
 * The text of `path`, or of `path.gz` decompressed when only that exists. `encoding` is the file's:
 * Kew's checklist of useful plants is Latin-1, every other source UTF-8.
 */
export function readSourceText(path: string, encoding: 'utf8' | 'latin1' = 'utf8'): string {
  if (existsSync(path)) return readFileSync(path, encoding)
  const compressed = `${path}.gz`
  if (existsSync(compressed)) return gunzipSync(readFileSync(compressed)).toString(encoding)
  throw new Error(`source file not found: ${path} (nor ${compressed})`)
}

// Reads a file as lines, reporting how many bytes have been read so a progress bar can follow.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

/** The file is opened only when the first line is asked for: a caller may await other work first, and
 * lines read before anyone listens would be lost. */
export async function* readLines(
  path: string,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })
  if (onBytes) stream.on('data', () => onBytes(stream.bytesRead))
  yield* createInterface({ input: stream, crlfDelay: Infinity })
}

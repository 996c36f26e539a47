// Reads a file as lines, reporting how many bytes have been read so a progress bar can follow.
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

export function readLines(path: string, onBytes?: (bytesRead: number) => void): AsyncIterable<string> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })
  if (onBytes) stream.on('data', () => onBytes(stream.bytesRead))
  return createInterface({ input: stream, crlfDelay: Infinity })
}

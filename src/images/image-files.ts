// From an uploaded file to the files Hortus keeps, with sharp (libvips): the file is checked by decoding
// its header, never by its name; a picture of more than MAX_PIXELS is refused before any pixel is
// decoded (a small PNG can claim 50,000 × 50,000); every file written is re-encoded, so no metadata
// (EXIF, GPS, XMP, ICC comments) survives, and turned upright by its EXIF orientation first. The one
// exception is a bare WebP (`isBareWebp`), whose format has no room for metadata or an orientation: it
// is kept as sent, once its pixels have been decoded.
import { createHash } from 'node:crypto'
import type { Metadata, Sharp } from 'sharp'
import { AppError } from '../errors.ts'

export type ImageSize = 'original' | 'thumb' | 'title'

export interface ImageFile {
  size: ImageSize
  content_type: string
  etag: string
  data: Buffer
}

export interface ProcessedImage {
  width: number
  height: number
  files: ImageFile[]
}

/** The largest upload accepted. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
/** 40 megapixels: any camera's photo, not a decompression bomb. */
const MAX_PIXELS = 40_000_000
/** The sizes served: the longer side at most this many pixels, never enlarged. */
const SIZES = { thumb: { pixels: 200, quality: 72 }, title: { pixels: 800, quality: 78 } } as const
const ACCEPTED: Record<string, { type: string; encode: (image: Sharp) => Sharp }> = {
  jpeg: { type: 'image/jpeg', encode: (image) => image.jpeg({ quality: 90 }) },
  png: { type: 'image/png', encode: (image) => image.png({ compressionLevel: 9 }) },
  // Effort 2 of 6 (sharp's default 4): a 600 × 400 photo in 26 ms, not 47, a few per cent larger.
  webp: { type: 'image/webp', encode: (image) => image.webp({ quality: 90, effort: 2 }) },
}

/** sharp, loaded with the first picture: libvips and its libraries are about 8 MB of a server's memory
 * that serves no picture upload. libvips keeps the results of recent operations (50 MB by default) to
 * reuse them: every upload is a new picture, so the cache only held memory after each one. */
const loadSharp = async () => {
  const { default: sharp } = await import('sharp')
  sharp.cache(false)
  return sharp
}

const refused = (message: string) => new AppError('unsupportedMediaType', message)

export async function processImage(upload: Buffer): Promise<ProcessedImage> {
  if (upload.length > MAX_IMAGE_BYTES) {
    throw new AppError('payloadTooLarge', `An image is at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`)
  }
  const options = { limitInputPixels: MAX_PIXELS, failOn: 'error' as const, pages: 1 }
  const sharp = await loadSharp()
  let metadata: Metadata
  try {
    // The header alone: no pixel is decoded, so a bomb's size can be read and refused with its numbers.
    metadata = await sharp(upload, { ...options, limitInputPixels: false }).metadata()
  } catch {
    throw refused('The file is not a picture Hortus can read: send a JPEG, PNG or WebP image.')
  }
  const accepted = metadata.format ? ACCEPTED[metadata.format] : undefined
  if (!accepted) {
    throw refused(`The file is ${metadata.format ?? 'not an image'}: send a JPEG, PNG or WebP image.`)
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0)
  if (pixels === 0 || pixels > MAX_PIXELS) {
    throw refused(
      `The picture is ${metadata.width} × ${metadata.height} pixels: at most ${MAX_PIXELS / 1_000_000} megapixels.`,
    )
  }
  try {
    const upright = () => sharp(upload, options).rotate()
    // Encoding a bare WebP again would only lose quality: the starter's 600 × 400 photos, 26 ms each.
    const bare = accepted.type === 'image/webp' && isBareWebp(upload)
    const original = bare
      ? { data: upload, info: { width: metadata.width, height: metadata.height } }
      : await accepted.encode(upright()).toBuffer({ resolveWithObject: true })
    const files: ImageFile[] = [fileOf('original', accepted.type, original.data)]
    for (const [size, { pixels: side, quality }] of Object.entries(SIZES)) {
      // A WebP original within this size would only be encoded again, pixel for pixel, at a lower quality:
      // it is its own copy of that size (the starter's 600 × 400 photos: a third of their processing).
      if (accepted.type === 'image/webp' && Math.max(original.info.width, original.info.height) <= side) {
        files.push(fileOf(size as ImageSize, accepted.type, original.data))
        continue
      }
      const data = await upright()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        .webp({ quality, effort: 2 })
        .toBuffer()
      files.push(fileOf(size as ImageSize, 'image/webp', data))
    }
    // A bare WebP kept whole at every size has not been decoded yet: a damaged one is refused here.
    if (bare && files.every(({ data }) => data === upload)) await upright().raw().toBuffer()
    return { width: original.info.width, height: original.info.height, files }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw refused('The picture could not be decoded (the file is damaged or cut short): send it again.')
  }
}

function fileOf(size: ImageSize, contentType: string, data: Buffer): ImageFile {
  const etag = `"${createHash('sha256').update(data).digest('base64url').slice(0, 22)}"`
  return { size, content_type: contentType, etag, data }
}

/** A WebP in the simple format: RIFF, WEBP, then one lossy (`VP8 `) or lossless (`VP8L`) image chunk that
 * ends the file. Metadata (EXIF, XMP, ICC) and anything else need the extended format (a `VP8X` chunk
 * first), and bytes after the chunk would be a place to hide them, so either makes it not bare. */
function isBareWebp(file: Buffer): boolean {
  if (file.length < 20) return false
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') return false
  if (file.readUInt32LE(4) + 8 !== file.length) return false
  const chunk = file.toString('latin1', 12, 16)
  if (chunk !== 'VP8 ' && chunk !== 'VP8L') return false
  const size = file.readUInt32LE(16)
  return 20 + size + (size & 1) === file.length
}

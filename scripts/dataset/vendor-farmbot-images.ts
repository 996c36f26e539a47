// Vendors FarmBot's crop photos and icons into data/sources/farmbot-crops/, re-encoded small so the
// repository stays lean (the originals are 13 MB of JPEG photos and 5.3 MB of AVIF icons):
//
//   node --import tsx scripts/dataset/vendor-farmbot-images.ts <folder>           writes the files
//   node --import tsx scripts/dataset/vendor-farmbot-images.ts <folder> --check   writes nothing; exits 1
//                                                                                 listing files that differ
//
// <folder> holds FarmBot's files as FarmBot-Web-App ships them in `public/crops/` (at commit 08cf4fb):
// `images/<slug>.jpg`, the crop photographs, and `icons/<slug>.avif`, the flat crop icons. The photos
// become `images/<slug>.webp`: WebP at quality 70, at most 600 × 900 px (they are 500–600 px wide, so
// none is enlarged and almost none shrunk); the icons become `icons/<slug>.webp`, 64 px with their
// transparency. No metadata is kept. `originals.sha256` lists the SHA-256 of each original, so a copy of
// FarmBot's files can be checked against the ones used (`sha256sum -c` in <folder>). The output depends
// only on the originals and on sharp's libvips: the same versions write the same bytes, offline.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'
import { compareStrings } from './compare-strings.ts'
import { SOURCE_DIR } from './build.ts'

export const FARMBOT_DIR = join(SOURCE_DIR, 'farmbot-crops')

interface Kind {
  folder: 'images' | 'icons'
  from: string
  encode: (input: Buffer) => Promise<Buffer>
}

const KINDS: Kind[] = [
  {
    folder: 'images',
    from: '.jpg',
    encode: (input) =>
      sharp(input)
        .rotate()
        .resize({ width: 600, height: 900, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 70, effort: 6 })
        .toBuffer(),
  },
  {
    folder: 'icons',
    from: '.avif',
    encode: (input) =>
      sharp(input)
        .resize({ width: 64, height: 64, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80, alphaQuality: 80, effort: 6 })
        .toBuffer(),
  },
]

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** Every vendored file, by its path under farmbot-crops/, with its bytes. */
export async function vendoredFiles(originals: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>()
  const sums: string[] = []
  for (const { folder, from, encode } of KINDS) {
    const names = readdirSync(join(originals, folder))
      .filter((name) => name.endsWith(from))
      .sort(compareStrings)
    if (names.length === 0) throw new Error(`no ${from} files in ${join(originals, folder)}`)
    for (const name of names) {
      const input = readFileSync(join(originals, folder, name))
      sums.push(`${sha256(input)}  ${folder}/${name}`)
      files.set(`${folder}/${name.slice(0, -from.length)}.webp`, await encode(input))
    }
  }
  files.set('originals.sha256', Buffer.from(`${sums.join('\n')}\n`))
  return files
}

async function main(args: string[]): Promise<number> {
  const originals = args.find((arg) => !arg.startsWith('--'))
  if (!originals) {
    console.error('usage: vendor-farmbot-images.ts <folder with images/*.jpg and icons/*.avif> [--check]')
    return 2
  }
  const files = await vendoredFiles(resolve(originals))
  const stale = KINDS.flatMap(({ folder }) =>
    existsSync(join(FARMBOT_DIR, folder))
      ? readdirSync(join(FARMBOT_DIR, folder))
          .map((name) => `${folder}/${name}`)
          .filter((path) => !files.has(path))
      : [],
  )
  if (args.includes('--check')) {
    const differing = [...files]
      .filter(([path, bytes]) => {
        const vendored = join(FARMBOT_DIR, path)
        return !existsSync(vendored) || !readFileSync(vendored).equals(bytes)
      })
      .map(([path]) => path)
    for (const path of [...differing, ...stale]) console.error(`farmbot-crops/${path} differs`)
    if (differing.length + stale.length === 0) console.log(`farmbot-crops/ matches (${files.size} files)`)
    return differing.length + stale.length === 0 ? 0 : 1
  }
  for (const { folder } of KINDS) mkdirSync(join(FARMBOT_DIR, folder), { recursive: true })
  for (const path of stale) rmSync(join(FARMBOT_DIR, path))
  for (const [path, bytes] of files) writeFileSync(join(FARMBOT_DIR, path), bytes)
  for (const { folder } of KINDS) {
    const inFolder = [...files].filter(([path]) => path.startsWith(`${folder}/`))
    const bytes = inFolder.reduce((sum, [, data]) => sum + data.length, 0)
    console.log(`wrote ${inFolder.length} files in farmbot-crops/${folder}/: ${(bytes / 1e6).toFixed(2)} MB`)
  }
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2))
}

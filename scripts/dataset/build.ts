// Builds the shipped dataset files in data/ from the raw sources vendored in data/sources/.
//
//   node --import tsx scripts/dataset/build.ts           writes the files
//   node --import tsx scripts/dataset/build.ts --check   writes nothing; exits 1 listing files that differ
//
// HORTUS_SOURCE_DATA overrides where the raw sources are read from (a folder laid out like data/sources/).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { renderAttribution } from './attribution.ts'
import { readSourceText } from './source-files.ts'
import { buildOpenFarm } from './openfarm.ts'
import { cropIconsFile } from './farmbot-icons.ts'
import { emptyReport, renderReport } from './report.ts'
import { buildStarter } from './starter.ts'
import { Vocabulary } from './vocabulary.ts'

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const DATA_DIR = join(REPO_ROOT, 'data')
export const SOURCE_DIR = join(DATA_DIR, 'sources')

export function defaultSourceDir(): string {
  return process.env.HORTUS_SOURCE_DATA ?? SOURCE_DIR
}

/** Every shipped file, by its path under data/, with the content the build writes. */
export function buildDataset(sourceDir: string): Map<string, string> {
  const report = emptyReport()
  const vocabulary = new Vocabulary(sourceDir)
  const files = new Map<string, string>()
  const starter = buildStarter(sourceDir, vocabulary, report)
  files.set('plants.jsonl', starter.text)
  files.set('crop-icons.json', cropIconsFile(starter.icons))
  files.set(
    'openfarm.jsonl',
    buildOpenFarm(join(sourceDir, 'openfarm', 'crops.csv'), starter.identities, report),
  )
  files.set(
    'ATTRIBUTION.md',
    renderAttribution(readSourceText(join(sourceDir, 'farmbot-crops', 'LICENSE-MIT.txt'))),
  )
  files.set('build-report.md', renderReport(report))
  return files
}

/** Paths under data/ whose shipped content differs from the build's, or that are missing. */
export function differingFiles(files: Map<string, string>, dataDir: string = DATA_DIR): string[] {
  return [...files]
    .filter(([path, content]) => {
      const shipped = join(dataDir, path)
      return !existsSync(shipped) || readFileSync(shipped, 'utf8') !== content
    })
    .map(([path]) => path)
}

function main(args: string[]): number {
  const files = buildDataset(defaultSourceDir())
  if (args.includes('--check')) {
    const differing = differingFiles(files)
    for (const path of differing) console.error(`data/${path} differs from the build's output`)
    if (differing.length === 0) console.log(`data/ matches the build (${files.size} files)`)
    return differing.length === 0 ? 0 : 1
  }
  mkdirSync(DATA_DIR, { recursive: true })
  for (const [path, content] of files) writeFileSync(join(DATA_DIR, path), content)
  console.log(`wrote ${[...files.keys()].map((path) => `data/${path}`).join(', ')}`)
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2))
}

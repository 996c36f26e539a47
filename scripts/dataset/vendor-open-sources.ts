// Copies the parts of three large sources that the build reads into data/sources/, so the repository
// keeps a few hundred kilobytes of them instead of 9.5 MB:
//
//   node --import tsx scripts/dataset/vendor-open-sources.ts <folder>           writes the filtered files
//   node --import tsx scripts/dataset/vendor-open-sources.ts <folder> --check   writes nothing; exits 1 if they differ
//
// <folder> holds the files as obtained (PROVENANCE.md): useful-plants/utilised_plants_species_list.csv,
// usda-plants/checklist/plantlst.txt and open-garden-planner/plant_species.json. The filter is the
// species of the dataset that the build makes with the whole files; every row is kept byte for byte.
// Either way the script then builds the dataset from the filtered files and checks that it is the same
// as the one built from the whole files: the filter leaves out nothing the build reads.
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { buildDataset, SOURCE_DIR } from './build.ts'
import { speciesOf } from './scientific-names.ts'
import { readSourceText } from './source-files.ts'
import { CHECKLIST_FILE, checklistBinomials, filterChecklist } from './usda-checklist.ts'
import { filterUsefulPlants, USEFUL_PLANTS_FILE } from './useful-plants.ts'
import { GARDEN_PLANNER_FILE } from './open-garden-planner.ts'

interface Names {
  /** The dataset's species. */
  dataset: ReadonlySet<string>
  /** Theirs and every name of the checklist's taxa of them. */
  checklist: ReadonlySet<string>
}

const FILES = [
  {
    path: CHECKLIST_FILE,
    encoding: 'utf8',
    filter: (text: string, names: Names) => filterChecklist(text, names.dataset),
  },
  // Kew's rows are looked up by a species' binomial, accepted name or synonyms.
  {
    path: USEFUL_PLANTS_FILE,
    encoding: 'latin1',
    filter: (text: string, names: Names) => filterUsefulPlants(text, names.checklist),
  },
  // 122 kB, kept whole: its licence is stated inside it.
  { path: GARDEN_PLANNER_FILE, encoding: 'utf8', filter: (text: string) => text },
] as const

/** The speciesOf keys of every scientific name in a built plants.jsonl. */
export function datasetBinomials(plantsJsonl: string): Set<string> {
  const lines = plantsJsonl.trimEnd().split('\n').slice(1)
  const names = lines.map((line) => (JSON.parse(line) as { scientific_name: string }).scientific_name)
  return new Set(names.map((name) => speciesOf(name)).filter((key): key is string => key !== undefined))
}

function main(args: string[]): number {
  const [folder] = args.filter((arg) => !arg.startsWith('--'))
  if (!folder) {
    console.error('usage: vendor-open-sources.ts <folder with the whole files> [--check]')
    return 2
  }
  const whole = mkdtempSync(join(tmpdir(), 'hortus-sources-'))
  try {
    cpSync(SOURCE_DIR, whole, { recursive: true })
    for (const { path } of FILES) {
      rmSync(join(whole, `${path}.gz`), { force: true })
      copyFileSync(join(folder, path), join(whole, path))
    }
    const built = buildDataset(whole)
    const dataset = datasetBinomials(built.get('plants.jsonl') ?? '')
    const names = {
      dataset,
      checklist: checklistBinomials(readFileSync(join(folder, CHECKLIST_FILE), 'utf8'), dataset),
    }
    let differing = 0
    for (const { path, encoding, filter } of FILES) {
      const filtered = filter(readFileSync(join(folder, path), encoding), names)
      const target = join(SOURCE_DIR, path)
      if (args.includes('--check')) {
        let shipped: string | undefined
        try {
          shipped = readSourceText(target, encoding)
        } catch {
          shipped = undefined
        }
        if (shipped !== filtered) {
          console.error(`data/sources/${path} differs from the filter's output`)
          differing++
        }
      } else {
        const bytes = Buffer.from(filtered, encoding)
        // As PROVENANCE.md says: a file over about 500 kB is kept as gzip -9 -n would write it.
        const compress = bytes.length > 500_000
        rmSync(compress ? target : `${target}.gz`, { force: true })
        writeFileSync(compress ? `${target}.gz` : target, compress ? gzipSync(bytes, { level: 9 }) : bytes)
        console.log(`wrote data/sources/${path}${compress ? '.gz' : ''} (${bytes.length} bytes)`)
      }
    }
    const fromFiltered = buildDataset(SOURCE_DIR)
    for (const [path, content] of built)
      if (fromFiltered.get(path) !== content) {
        console.error(
          `data/${path} built from the filtered files differs from the one built from the whole files`,
        )
        differing++
      }
    if (differing === 0) console.log('the filtered files build the same dataset as the whole files')
    return differing === 0 ? 0 : 1
  } finally {
    rmSync(whole, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2))
}

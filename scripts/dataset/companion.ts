// The Wikipedia "List of companion plants" table, in the cleaned copy: one row per plant (name, type,
// scientific name, comment) and one row per relation (source plant, relation, free-text target).
import { join } from 'node:path'
import { parseCsv } from './csv.ts'
import { readSourceText } from './source-files.ts'

export interface CompanionRow {
  name: string
  /** vegetable, herb, flower, fruit, tree or other. */
  type: string
  scientificName: string
  comment: string
}

export type RelationKind = 'helps' | 'helped_by' | 'avoid'

export interface Relation {
  source: string
  kind: RelationKind
  target: string
}

export interface CompanionTable {
  rows: CompanionRow[]
  relations: Relation[]
}

const PLANTS_FILE = 'riyosha_companion_plants.csv'
const EDGES_FILE = 'riyosha_companion_edges.csv'
const PLANT_RELATIONS = new Set<string>(['helps', 'helped_by', 'avoid'])

export function readCompanionTable(dir: string): CompanionTable {
  const [plantHeader, ...plantRows] = parseCsv(readSourceText(join(dir, PLANTS_FILE)))
  expectHeader(plantHeader, ['Common name', 'Type', 'Scientific name'], PLANTS_FILE)
  const rows = plantRows.map(([name = '', type = '', scientificName = '', , , , , , comment = '']) => ({
    name: name.trim(),
    type: type.trim(),
    scientificName: scientificName.trim(),
    comment: comment.trim(),
  }))

  const [edgeHeader, ...edgeRows] = parseCsv(readSourceText(join(dir, EDGES_FILE)))
  expectHeader(
    edgeHeader,
    ['source_common_name', 'source_scientific_name', 'relation', 'target_text'],
    EDGES_FILE,
  )
  const relations: Relation[] = []
  for (const [source = '', , kind = '', target = ''] of edgeRows) {
    // attracts and repels_or_distracts name insects and animals, never a plant to plant next to.
    if (PLANT_RELATIONS.has(kind) && target.trim()) {
      relations.push({ source: source.trim(), kind: kind as RelationKind, target: target.trim() })
    }
  }
  return { rows, relations }
}

function expectHeader(header: string[] | undefined, expected: string[], file: string): void {
  const actual = (header ?? []).slice(0, expected.length)
  if (actual.join('|') !== expected.join('|')) {
    throw new Error(`${file}: unexpected header ${JSON.stringify(header)}`)
  }
}

/** "helps" in the source's own words, for link notes and the report. */
export function relationPhrase(kind: RelationKind): string {
  return kind === 'helps' ? 'helps' : kind === 'helped_by' ? 'is helped by' : 'should avoid'
}

/**
 * A target names one plant, or two names of the same plant ("corn / maize", "eggplant or aubergine"),
 * or two plants ("turnips and rutabagas"); every part is looked up.
 */
export function splitTarget(target: string): string[] {
  return target
    .split(/\s*\/\s*|\s+or\s+|\s+and\s+/)
    .map((part) => part.trim())
    .filter(Boolean)
}

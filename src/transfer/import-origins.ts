// Where an import's values came from, as its file says: the header's sources (saved as data_sources), a
// line's `source` for its values that name none, a value's own `source`, or `saved_by` for a value a
// person saved on the Hortus the file was exported from. Recorded for the values the import wrote (every
// value of a new plant, the changed ones of a plant already there); the revisions say the rest
// (src/provenance/value-origins.ts). Also a line's pests and diseases, which the file carries whole.
import type { Tx } from '../db/store.ts'
import type { ValueSourcesTable } from '../db/schema.ts'
import type { NewPlant } from '../writes/new-plants.ts'
import { replaceProblems } from '../problems/problem.repository.ts'
import { LINE_SOURCE_KEY, recordValueSources, saveDataSources } from '../provenance/source.repository.ts'
import { IMPORT_AUTHOR } from '../provenance/value-origins.ts'
import type { DatasetHeader, DatasetLine } from './dataset-format.ts'

type Named = { source?: string | undefined; saved_by?: { author: string; version: number } | undefined }

interface Pending {
  plant: NewPlant | number
  line: DatasetLine
  /** The keys the import changed on a plant already there; null for a new plant (all of them). */
  keys: Set<string> | null
}

export class ImportOrigins {
  #sourceIds = new Map<string, number>()
  #pending: Pending[] = []

  /** Saves the header's sources (those with an id) so that lines can name them. */
  async readHeader(tx: Tx, header: DatasetHeader): Promise<void> {
    const sources = (header.sources ?? []).flatMap((source) =>
      typeof source.id === 'string' && source.id && typeof source.name === 'string'
        ? [{ slug: source.id, name: source.name, url: source.url ?? null, license: source.license ?? null }]
        : [],
    )
    this.#sourceIds = await saveDataSources(tx, sources)
  }

  /** Why a line cannot be imported: it names a source its header does not list. */
  problem(line: DatasetLine): string | null {
    const named = [line, ...(line.data ?? []), ...(line.links ?? []), ...(line.problems ?? [])]
    const unknown = named.find(({ source }) => source !== undefined && !this.#sourceIds.has(source))
    return unknown ? `source "${unknown.source}" is not one of the header line\u2019s sources` : null
  }

  created(plant: NewPlant, line: DatasetLine): void {
    this.#pending.push({ plant, line, keys: null })
  }

  updated(id: number, line: DatasetLine, keys: string[]): void {
    this.#pending.push({ plant: id, line, keys: new Set(keys) })
  }

  /** Forgets the lines of a transaction that was rolled back. */
  discard(): void {
    this.#pending = []
  }

  /** Writes what the lines since the last call said, once their new plants have ids. */
  async write(tx: Tx): Promise<void> {
    const rows: ValueSourcesTable[] = []
    const newPlants = new Set<number>()
    for (const { plant, line, keys } of this.#pending.splice(0)) {
      const plantId = typeof plant === 'number' ? plant : plant.id!
      if (keys === null) newPlants.add(plantId)
      if (keys === null && line.source) rows.push(this.#row(plantId, LINE_SOURCE_KEY, line))
      for (const value of line.data ?? []) {
        if (keys === null ? !(value.source || value.saved_by) : !keys.has(value.key)) continue
        rows.push(this.#row(plantId, value.key, value.source || value.saved_by ? value : line))
      }
      if (line.problems !== undefined) {
        await replaceProblems(
          tx,
          plantId,
          line.problems.map((problem) => ({
            name: problem.name,
            type: problem.type,
            severity: problem.severity ?? null,
            symptoms: problem.symptoms ?? null,
            management: problem.management ?? [],
            prevention: problem.prevention ?? null,
            source_id: this.#idOf(problem.source ?? line.source),
          })),
        )
      }
    }
    await recordValueSources(tx, rows, newPlants)
  }

  /** A link's source, or the person the file says made it. */
  ofLink(link: Named, line: DatasetLine): { source_id: number | null; author: string } {
    if (link.saved_by) return { source_id: null, author: link.saved_by.author }
    return { source_id: this.#idOf(link.source ?? line.source), author: IMPORT_AUTHOR }
  }

  #row(plantId: number, key: string, origin: Named): ValueSourcesTable {
    return {
      plant_id: plantId,
      key,
      source_id: origin.saved_by ? null : this.#idOf(origin.source),
      saved_by: origin.saved_by?.author ?? null,
      saved_version: origin.saved_by?.version ?? null,
    }
  }

  #idOf(slug: string | undefined): number | null {
    return slug === undefined ? null : (this.#sourceIds.get(slug) ?? null)
  }
}

// FarmBot's sowing method (free text) as the vocabulary's propagation keys, by the hand-read table of
// farmbot-sowing-table.ts. The text is kept whole as the value of each `Propagation - …` key it
// describes, so its details (thinning distances, "after last frost", weeks before transplanting) reach
// the reader as FarmBot wrote them; `Propagation method` lists the methods as clean, filterable values.
import { compareStrings } from './compare-strings.ts'
import type { Attribute, Entry } from './entry.ts'
import type { FarmbotCrop } from './farmbot.ts'
import { SOWING_READINGS, type Practice, type SowingReading } from './farmbot-sowing-table.ts'
import type { BuildReport } from './report.ts'

/** Written into the build report: the rules, then each text's reading (reportSowing). */
export const SOWING_DECISIONS: readonly string[] = [
  `Sowing method (free text, ${SOWING_READINGS.size} distinct texts of plants) is read by hand, one table row per text (scripts/dataset/farmbot-sowing-table.ts; see FarmBot sowing methods for every text\u2019s outcome): a new text stops the build until it is read. Three of the vocabulary\u2019s keys name practices: Propagation - Direct sowing (sown, or planted, where the plant is to grow), Propagation - Transplanting (raised elsewhere, or bought, and planted out) and Propagation - Cuttings. Each key the text describes holds the text itself, as FarmBot wrote it: the clients that read these keys show the value as the way to sow, or look in it for "indoors", and the text keeps what no key of the vocabulary holds (thinning distances, "after last frost", weeks before transplanting, soil temperatures; Thinning and Seed planting depth are not keys of data-keys.json, and the When to \u2026 keys hold dates, which FarmBot does not give). A key the text does not describe is left out, never written "false".`,
  'Reading the texts: FarmBot\u2019s "Direct seed indoors, transplant seedlings outside" means sowing indoors to transplant: Transplanting, not Direct sowing. Sowing indoors alone ("Direct seed indoors") is Transplanting too: a garden crop sown indoors is planted out, and no text says otherwise. "Direct seed outdoors", "Direct seed" and "Direct sow" without "indoors" are Direct sowing; "Direct seed indoors or outdoors" is both. Tubers, seed pieces of potato and ginger\u2019s roots that FarmBot "direct seeds" are planted where they grow: Direct sowing, with the method Tubers or Rhizomes, not Seed. Bare-root plants and trees, saplings, young trees, canes, crowns, a purchased starter and nursery plants are planted out: Transplanting. "Slips" and "seeds" say no practice, only a method.',
  'Propagation method: the methods a text names, as a comma list in a fixed order, written as the dataset writes every list (first letter capitalised: "Seed - direct sow, seed - transplant"). "Seed - direct sow", "Seed - transplant", "Seed", "Cuttings" and "Division" are the Permapeople vocabulary\u2019s own values (seed sown in place; seed raised to be transplanted; seed, where the text says neither); Offsets ("pups"), Runners, Tubers, Rhizomes, Sets, Slips, Crowns, Canes and Bare root name the part of the plant that is planted. A sapling, young tree, starter or "plants" names no method: only Transplanting is written. Where several crops are one entry, the first crop in slug order with a sowing text gives all of these keys (they are one reading of one text, not mixed from two).',
]

/** The keys in the order they are written. */
const PRACTICES: readonly Practice[] = ['Direct sowing', 'Transplanting', 'Cuttings']

export function firstInSlugOrder(
  crops: FarmbotCrop[],
  hasValue: (crop: FarmbotCrop) => boolean,
): FarmbotCrop | undefined {
  return [...crops].sort((a, b) => compareStrings(a.slug, b.slug)).find(hasValue)
}

/** The crop whose sowing text an entry of these crops takes. */
function sowingCrop(crops: FarmbotCrop[]): FarmbotCrop | undefined {
  return firstInSlugOrder(crops, (crop) => crop.sowingMethod !== '')
}

function readingOf(crop: FarmbotCrop): SowingReading {
  const reading = SOWING_READINGS.get(crop.sowingMethod)
  if (!reading)
    throw new Error(
      `FarmBot "${crop.name}": sowing method "${crop.sowingMethod}" is not read in farmbot-sowing-table.ts`,
    )
  return reading
}

export function sowingAttributes(crops: FarmbotCrop[]): Attribute[] {
  const crop = sowingCrop(crops)
  if (!crop) return []
  const { practices, methods } = readingOf(crop)
  const data: Attribute[] = []
  if (methods.length > 0) data.push({ key: 'Propagation method', value: methodList(methods) })
  for (const practice of PRACTICES)
    if (practices.includes(practice))
      data.push({ key: `Propagation - ${practice}`, value: crop.sowingMethod })
  return data
}

/** "Seed - direct sow, seed - transplant": the dataset's way of writing a list. */
function methodList(methods: readonly string[]): string {
  return methods.map((method, index) => (index === 0 ? method : method.toLowerCase())).join(', ')
}

/**
 * One report line per sowing text of the crops that are entries: its crops, the keys it gives and the
 * crops whose entry takes another crop's text. Fails on a table row no such crop has, so the table
 * stays the list of FarmBot's texts.
 */
export function reportSowing(
  crops: FarmbotCrop[],
  entryOfSlug: Map<string, Entry>,
  report: BuildReport,
): void {
  const byText = new Map<string, FarmbotCrop[]>()
  for (const crop of crops) {
    if (!entryOfSlug.has(crop.slug)) continue
    byText.set(crop.sowingMethod, [...(byText.get(crop.sowingMethod) ?? []), crop])
  }
  const stale = [...SOWING_READINGS.keys()].filter((text) => !byText.has(text))
  if (stale.length > 0)
    throw new Error(`farmbot-sowing-table.ts reads texts no crop has: ${stale.join(' | ')}`)
  const without = byText.get('') ?? []
  report.sowing.push(
    `No sowing method (${without.length} crops: ${slugs(without)}): none of these keys, unless another crop of the same entry gives a text.`,
  )
  for (const [text, textCrops] of [...byText].sort(([a], [b]) => compareStrings(a, b))) {
    if (text === '') continue
    const overridden = textCrops.flatMap((crop) => {
      const entry = entryOfSlug.get(crop.slug)
      const source = entry?.farmbot ? sowingCrop(entry.farmbot) : crop
      return source && source !== crop
        ? [`${crop.slug} (its entry "${entry?.name}" takes the text of ${source.slug}, first in slug order)`]
        : []
    })
    const [first] = textCrops
    if (!first) continue
    const unusedNote = overridden.length > 0 ? ` Not used for ${overridden.join(', ')}.` : ''
    report.sowing.push(`"${text}" (${slugs(textCrops)}) → ${outcome(readingOf(first))}.${unusedNote}`)
  }
}

function outcome({ practices, methods }: SowingReading): string {
  const keys = PRACTICES.filter((practice) => practices.includes(practice)).map(
    (practice) => `Propagation - ${practice}`,
  )
  const parts = []
  if (keys.length > 0) parts.push(`${keys.join(', ')} (the text)`)
  if (methods.length > 0) parts.push(`Propagation method "${methodList(methods)}"`)
  else parts.push('no Propagation method (the text names none)')
  return parts.join('; ')
}

function slugs(crops: FarmbotCrop[]): string {
  return crops.map((crop) => crop.slug).join(', ')
}

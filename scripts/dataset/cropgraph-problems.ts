// CropGraph's crop-pest and crop-disease pairs (CC BY 4.0) as the vocabulary's Pests and Diseases: the
// names of what attacks a crop, most severe first. The full records (severity, symptoms, organic
// management, prevention) are for GET /api/plants/<id>/problems (issue 29), not attributes.
import { join } from 'node:path'
import type { Attribute, ProblemLine } from './entry.ts'
import { readSourceText } from './source-files.ts'

export interface ProblemRecord {
  /** The calendar slug of the crop. */
  crop: string
  /** A slug ("tomato-hornworm", "aphid-green-peach"). */
  pest: string
  type: 'pest' | 'disease'
  severity: 'severe' | 'high' | 'moderate' | 'low'
  symptoms: string
  organicManagement: string[]
  prevention: string
  source: string
}

export function readProblems(sourceDir: string): ProblemRecord[] {
  const path = join(sourceDir, 'cropgraph', 'pest-disease.json')
  const parsed = JSON.parse(readSourceText(path)) as { license: string; entries: ProblemRecord[] }
  if (parsed.license !== 'CC-BY-4.0') throw new Error(`pest-disease licence: ${parsed.license}`)
  return parsed.entries
}

/** Slugs that put the kind first ("aphid-green-peach"): the name a gardener reads. */
const NAMES: ReadonlyMap<string, string> = new Map([
  ['aphid-cabbage', 'cabbage aphid'],
  ['aphid-corn-leaf', 'corn leaf aphid'],
  ['aphid-foxglove', 'foxglove aphid'],
  ['aphid-green-peach', 'green peach aphid'],
  ['aphid-lettuce', 'lettuce aphid'],
  ['aphid-melon', 'melon aphid'],
  ['aphid-potato', 'potato aphid'],
  ['aphid-rosy-apple', 'rosy apple aphid'],
  ['aphid-spiraea', 'spiraea aphid'],
  ['aphid-turnip', 'turnip aphid'],
  ['aphid-willow-carrot', 'willow-carrot aphid'],
  ['cucumber-beetle-spotted', 'spotted cucumber beetle'],
  ['cucumber-beetle-striped', 'striped cucumber beetle'],
  ['cuteworm-variegated', 'variegated cutworm'],
  ['fruitworm-cranberry', 'cranberry fruitworm'],
  ['gall-mite-pear', 'pear gall mite'],
  ['leaf-blight-cercospora', 'Cercospora leaf blight'],
  ['leafhopper-potato', 'potato leafhopper'],
  ['mealybug-citrus', 'citrus mealybug'],
  ['mealybug-longtailed', 'longtailed mealybug'],
  ['mealybug-pineapple', 'pineapple mealybug'],
  ['mealybug-vine', 'vine mealybug'],
  ['psyllid-carrot', 'carrot psyllid'],
  ['rust-stripe', 'stripe rust'],
  ['scab-common', 'common scab'],
  ['scale-san-jose', 'San Jose scale'],
  ['scale-white-peach', 'white peach scale'],
  ['thrips-cabbage', 'cabbage thrips'],
  ['thrips-onion', 'onion thrips'],
  ['whitefly-bandedwing', 'bandedwing whitefly'],
  ['whitefly-greenhouse', 'greenhouse whitefly'],
  ['gray-mold-botrytis', 'gray mold (Botrytis)'],
  ['psa-bacterial-canker', 'Psa bacterial canker'],
  ['ganoderma-applanatum', 'Ganoderma applanatum'],
  // hyphenated words and proper names the slugs lose
  ['bald-faced-hornet', 'bald-faced hornet'],
  ['blossom-end-rot', 'blossom-end rot'],
  ['damping-off', 'damping-off'],
  ['dog-day-cicada', 'dog-day cicada'],
  ['four-lined-plant-bug', 'four-lined plant bug'],
  ['glassy-winged-sharpshooter', 'glassy-winged sharpshooter'],
  ['green-june-beetle', 'green June beetle'],
  ['june-beetle', 'June beetle'],
  ['oblique-banded-leafroller', 'oblique-banded leafroller'],
  ['spotted-wing-drosophila', 'spotted-wing drosophila'],
  ['two-spotted-spider-mite', 'two-spotted spider mite'],
  ['two-striped-grasshopper', 'two-striped grasshopper'],
  ['yellow-striped-armyworm', 'yellow-striped armyworm'],
])

/** Words that keep their capital in a name: places, peoples, genera. */
const PROPER = new Set([
  'alternaria',
  'asian',
  'california',
  'cercospora',
  'colorado',
  'european',
  'fusarium',
  'hessian',
  'japanese',
  'mexican',
  'pacific',
  'phytophthora',
  'plectosporium',
  'sclerotinia',
  'septoria',
  'trichoderma',
  'verticillium',
])

export const PROBLEM_DECISIONS: readonly string[] = [
  'Pests and Diseases: the names of the calendar crop\u2019s pairs of that type (the source\u2019s `type`: pest or disease; it files disorders such as blossom-end rot and tipburn as diseases, and raccoons and deer as pests), most severe first (severe, high, moderate, low), then in the source\u2019s order, comma-separated, each name once. The full records (severity, symptoms, organic management, prevention) are not attributes: they are for the problems API.',
  'Names, from the slugs: hyphens become spaces, in lower case except places, peoples and genera (Colorado potato beetle, Alternaria leaf blight), the first letter of the value capitalised. A slug that puts the kind first is turned round by a table ("aphid-green-peach" → green peach aphid, "thrips-onion" → onion thrips, "scale-san-jose" → San Jose scale, "cuteworm-variegated" → variegated cutworm, its typo corrected). A slug that is another slug of the file followed by one more word names the crop it is found on ("downy-mildew-basil", "leaf-miner-spinach", "late-blight-celery"), and so does one that is another slug after a word of the crop\u2019s own name ("basil-downy-mildew" on basil, "potato-late-blight" on potato, but not "green-stink-bug"): on the plant it is that other name ("downy mildew"), so a crop listed with both has it once.',
  'Problems: the full records of a calendar crop\u2019s pairs are its line\u2019s `problems` (for GET /api/plants/<id>/problems), in the order of Pests and Diseases (most severe first), each named as there and given once (the first record of a name and type): its type (pest or disease), severity, symptoms, organic management (a list, as the source gives it), prevention, and source cropgraph. A Plant only: a Variety gets none of its own, as the API answers its parent\u2019s for it. Left out where the source leaves a field empty.',
  'A crop that several kinds stand for (Pepper: Sweet and Hot Pepper) takes the pairs of all its kinds. A Variety whose Pests or Diseases are its parent\u2019s has none of its own (the parent\u2019s apply).',
]

const SEVERITY = ['severe', 'high', 'moderate', 'low']

/** The name of a pest or disease slug on a crop (a calendar slug), by the rules of PROBLEM_DECISIONS. */
export function problemName(slug: string, slugs: ReadonlySet<string>, crop: string): string {
  const named = NAMES.get(slug)
  if (named) return named
  const withoutLast = slug.slice(0, slug.lastIndexOf('-'))
  const firstWord = slug.slice(0, slug.indexOf('-'))
  const withoutFirst = slug.slice(slug.indexOf('-') + 1)
  const base =
    withoutLast && slugs.has(withoutLast)
      ? withoutLast
      : firstWord && crop.split('-').includes(firstWord) && slugs.has(withoutFirst)
        ? withoutFirst
        : slug
  if (base !== slug) return problemName(base, slugs, crop)
  return base
    .split('-')
    .map((word) => (PROPER.has(word) ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ')
}

/** The records of a crop, most severe first, one per name and type. */
function ordered(records: ProblemRecord[]): ProblemRecord[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort(
      (a, b) =>
        SEVERITY.indexOf(a.record.severity) - SEVERITY.indexOf(b.record.severity) || a.index - b.index,
    )
    .map(({ record }) => record)
}

/** The `problems` of a crop's line, from its kinds' records. */
export function problemLines(records: ProblemRecord[], slugs: ReadonlySet<string>): ProblemLine[] {
  const seen = new Set<string>()
  const lines: ProblemLine[] = []
  for (const record of ordered(records)) {
    const name = problemName(record.pest, slugs, record.crop)
    if (seen.has(`${record.type} ${name}`)) continue
    seen.add(`${record.type} ${name}`)
    const management = record.organicManagement.map((text) => text.trim()).filter((text) => text)
    lines.push({
      name: name.charAt(0).toUpperCase() + name.slice(1),
      type: record.type,
      ...(record.severity ? { severity: record.severity } : {}),
      ...(record.symptoms.trim() ? { symptoms: record.symptoms.trim() } : {}),
      ...(management.length > 0 ? { management } : {}),
      ...(record.prevention.trim() ? { prevention: record.prevention.trim() } : {}),
      source: 'cropgraph',
    })
  }
  return lines
}

/** Pests and Diseases of a crop from its kinds' records. */
export function problemAttributes(records: ProblemRecord[], slugs: ReadonlySet<string>): Attribute[] {
  const data: Attribute[] = []
  for (const [type, key] of [
    ['pest', 'Pests'],
    ['disease', 'Diseases'],
  ] as const) {
    const of = ordered(records).filter((record) => record.type === type)
    const names = [...new Set(of.map((record) => problemName(record.pest, slugs, record.crop)))]
    if (names.length === 0) continue
    const value = names.join(', ')
    data.push({ key, value: value.charAt(0).toUpperCase() + value.slice(1) })
  }
  return data
}

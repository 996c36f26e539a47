// The build report: what the build did with the sources, written to data/build-report.md. Every list
// is filled in a deterministic order, so the report is reproducible like the data files.
import { DATASET_LICENSE, DATASET_LICENSE_URL } from './attribution.ts'

export interface BuildReport {
  counts: string[]
  decisions: string[]
  usda: string[]
  farmbot: string[]
  sowing: string[]
  photos: string[]
  icons: string[]
  cropgraph: string[]
  merges: string[]
  notMerged: string[]
  hierarchy: string[]
  corrections: string[]
  groups: string[]
  contradictions: string[]
  dropped: string[]
  unresolved: string[]
  disagreements: string[]
  attributes: string[]
  openfarm: string[]
}

export function emptyReport(): BuildReport {
  return {
    counts: [],
    decisions: [],
    usda: [],
    farmbot: [],
    sowing: [],
    photos: [],
    icons: [],
    cropgraph: [],
    merges: [],
    notMerged: [],
    hierarchy: [],
    corrections: [],
    groups: [],
    contradictions: [],
    dropped: [],
    unresolved: [],
    disagreements: [],
    attributes: [],
    openfarm: [],
  }
}

const SECTIONS: { key: keyof BuildReport; title: string; intro: string }[] = [
  { key: 'counts', title: 'Counts', intro: '' },
  {
    key: 'decisions',
    title: 'Mapping decisions',
    intro: 'Choices the sources leave open, and why the build makes them this way.',
  },
  {
    key: 'usda',
    title: 'USDA PLANTS characteristics: the mapping',
    intro:
      'How each USDA characteristic becomes an attribute, spelled as the Permapeople vocabulary spells it, and why. The value says no more than USDA says; an unknown is left out.',
  },
  {
    key: 'farmbot',
    title: 'FarmBot crops: the mapping',
    intro: 'How FarmBot\u2019s crop records join the dataset and what they add.',
  },
  {
    key: 'sowing',
    title: 'FarmBot sowing methods: the mapping',
    intro:
      'Every sowing text of the FarmBot crops that are entries of the dataset, with its crops (by slug) and what the build writes for it, by the rules of FarmBot crops: the mapping. "(the text)": the key holds the text as FarmBot wrote it.',
  },
  {
    key: 'photos',
    title: 'FarmBot crop photos: the starter pictures',
    intro:
      'Which plant each crop record\u2019s photo goes on, under which licence and credit, and every crop record with a photo that ends on no plant, with the reason.',
  },
  {
    key: 'icons',
    title: 'FarmBot crop icons: the marks of the plant cards',
    intro:
      'Which plant each crop record\u2019s icon goes to (data/crop-icons.json), and every crop record with an icon that ends on no plant, with the reason.',
  },
  {
    key: 'cropgraph',
    title: 'CropGraph crop calendar: the mapping',
    intro:
      'How the calendar\u2019s sowing and planting windows, days to harvest and soil temperatures become attributes, which entries they describe, and how many entries have each key. Credit: "CropGraph (Andrew Christison), CC BY 4.0".',
  },
  {
    key: 'merges',
    title: 'Merges done',
    intro:
      'Entries that two rows or two sources describe as the same crop (same common name, a plural or an alternate name).',
  },
  {
    key: 'notMerged',
    title: 'Same name or same species, not merged',
    intro:
      'A shared scientific name alone is not the same crop, and a shared common name with a different genus is not either.',
  },
  {
    key: 'hierarchy',
    title: 'Parent crops',
    intro:
      'Growstuff parent crops become Variety → Plant where the child is a cultivar, variety or cultivar group of the parent species, or a species of a genus-level parent. A Variety’s parent must be a Plant, so chains are shortened to the nearest Plant.',
  },
  { key: 'corrections', title: 'Corrections to source spellings', intro: '' },
  {
    key: 'groups',
    title: 'Group names',
    intro:
      'Group names in the companion table, and whether they map to plants. A group maps to several plants only where the source itself lists its members.',
  },
  {
    key: 'contradictions',
    title: 'Contradictions found and skipped',
    intro:
      'Pairs that the sources (the companion table, FarmBot, CropGraph) list both as companions and as plants to avoid (counting every row that mentions the pair, and group names where they map to plants). Neither link is written; CropGraph\u2019s statements are quoted as "CropGraph: <crop> companion of / antagonist of <companion> (<mechanism>, <strength>)".',
  },
  { key: 'dropped', title: 'Entries dropped and why', intro: '' },
  {
    key: 'unresolved',
    title: 'Companion-table targets that are not plants of the dataset',
    intro: 'Relations whose other end is not a plant (or not a single plant) are not written.',
  },
  {
    key: 'disagreements',
    title: 'Disagreements between sources',
    intro:
      'Where two sources give one entry different values for a key. The rule: the value already there stays (the starter sources first, then USDA PLANTS, then FarmBot, then CropGraph, then open_plant_names), except that USDA\u2019s Life cycle replaces the build\u2019s "every tree is perennial". So the build\u2019s APG IV family wins over USDA\u2019s older family (USDA PLANTS: the mapping), and USDA\u2019s light and height over FarmBot\u2019s, which are listed only where they really conflict (FarmBot crops: the mapping). Scientific names: an entry keeps the name of the source it came from first; a FarmBot binomial that differs is listed here too. USDA Hardiness zone: USDA PLANTS\u2019 zone (from the coldest temperature the taxon stands) is better placed than the lower end of the calendar\u2019s zone range (where a crop is grown), so USDA\u2019s is kept and each differing calendar zone is listed. Sowing: FarmBot\u2019s sowing method (Propagation method and the Propagation keys: how its growers sow) and the calendar\u2019s windows (When to sow: when) are different keys, so both are kept; where FarmBot says only direct sowing and the calendar gives only an indoor sowing, or the reverse, the pair is listed.',
  },
  { key: 'attributes', title: 'Attributes', intro: '' },
  { key: 'openfarm', title: 'OpenFarm name list (data/openfarm.jsonl)', intro: '' },
]

export function renderReport(report: BuildReport): string {
  const lines = [
    '# Hortus dataset build report',
    '',
    `Written by \`scripts/dataset/build.ts\` from the raw sources in \`data/sources/\` (their provenance: \`data/sources/PROVENANCE.md\`); do not edit by hand. Licence of this file and of the dataset: ${DATASET_LICENSE} (${DATASET_LICENSE_URL}). Sources and how to credit them: \`data/ATTRIBUTION.md\`.`,
  ]
  for (const { key, title, intro } of SECTIONS) {
    lines.push('', `## ${title}`, '')
    if (intro) lines.push(intro, '')
    const items = report[key]
    if (items.length === 0) lines.push('- None.')
    for (const item of items) lines.push(`- ${item}`)
  }
  return `${lines.join('\n')}\n`
}

// Licence and credits: the header line of each dataset file and data/ATTRIBUTION.md.
import { FARMBOT_PHOTO } from './farmbot-images.ts'

export const DATASET_LICENSE = 'CC BY-SA 4.0'
export const DATASET_LICENSE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/'

/** What a value's, a link's or a line's `source` names: the `id` of one of the header's sources. */
export type SourceId =
  | 'growstuff'
  | 'wikipedia-companions'
  | 'usda-plants'
  | 'farmbot'
  | 'cropgraph'
  | 'openfarm'
  | 'permapeople'
  | 'open-plant-names'
  | 'kew-useful-plants'
  | 'open-garden-planner'
  | 'hortus-build'

/** A source as the header lists it; the build's own tables have no address of their own. */
export interface HeaderSource {
  id: SourceId
  name: string
  url?: string
  license: string
  /** A licence notice that must travel with the data (FarmBot's MIT notice). */
  notice?: string
}

export interface Source extends HeaderSource {
  url: string
}

export const GROWSTUFF: Source = {
  id: 'growstuff',
  name: 'Growstuff',
  url: 'https://www.growstuff.org',
  license: 'CC BY-SA',
}
export const WIKIPEDIA_COMPANION_PLANTS: Source = {
  id: 'wikipedia-companions',
  name: 'Wikipedia contributors, "List of companion plants"',
  url: 'https://en.wikipedia.org/wiki/List_of_companion_plants',
  license: 'CC BY-SA 4.0',
}
export const PERMAPEOPLE_VOCABULARY: Source = {
  id: 'permapeople',
  name: 'Permapeople contributors (attribute keys and values)',
  url: 'https://permapeople.org',
  license: 'CC BY-SA 4.0',
}
export const OPENFARM: Source = {
  id: 'openfarm',
  name: 'OpenFarm',
  url: 'https://github.com/openfarmcc/OpenFarm',
  license: 'CC0 1.0 (public domain)',
}

export const USDA_PLANTS: Source = {
  id: 'usda-plants',
  name: 'USDA, NRCS. The PLANTS Database. National Plant Data Team, Greensboro, NC USA',
  url: 'https://plants.usda.gov',
  license: 'public domain (U.S. government work)',
}
export const FARMBOT: Source = {
  id: 'farmbot',
  name: 'FarmBot (Farmbot-Web-App crop data), from OpenFarm contributors',
  url: 'https://github.com/FarmBot/Farmbot-Web-App',
  license: 'MIT (Copyright (c) 2018 Farmbot.io), over OpenFarm data under CC0',
}
export const CROPGRAPH: Source = {
  id: 'cropgraph',
  name: 'CropGraph (Andrew Christison), CC BY 4.0',
  url: 'https://github.com/Cropgraph/cropgraph',
  license: 'CC BY 4.0',
}
export const OPEN_PLANT_NAMES: Source = {
  id: 'open-plant-names',
  name: 'open_plant_names (Roger Hyam, Royal Botanic Garden Edinburgh)',
  url: 'https://github.com/rogerhyam/open_plant_names',
  license: 'CC0 1.0 (public domain)',
}

export const KEW_USEFUL_PLANTS: Source = {
  id: 'kew-useful-plants',
  name: 'World Checklist of Useful Plant Species (Diazgranados et al. 2020, Royal Botanic Gardens, Kew), CC BY 4.0',
  url: 'https://doi.org/10.5063/F1CV4G34',
  license: 'CC BY 4.0',
}
export const OPEN_GARDEN_PLANNER: Source = {
  id: 'open-garden-planner',
  name: 'Open Garden Planner (cofade), CC BY-SA 4.0',
  url: 'https://github.com/cofade/open-garden-planner',
  license: 'CC BY-SA 4.0',
}

/**
 * The values the build itself gives from its own tables: the family of a genus (its APG IV table) and
 * what is eaten of a food crop (its edible-parts table). Part of the Hortus dataset, under its licence.
 */
export const HORTUS_BUILD: HeaderSource = {
  id: 'hortus-build',
  name: 'Hortus dataset build: its APG IV family table and edible-parts table (scripts/dataset/)',
  license: 'CC BY-SA 4.0',
}

export interface DatasetHeader {
  hortus_dataset: 1
  license: string
  license_url: string
  attribution: string
  sources: HeaderSource[]
}

/** USDA's citation form: its year and access date are those of the download, which the sources do not record. */
export const USDA_CITATION =
  'USDA, NRCS. [year]. The PLANTS Database (http://plants.usda.gov, [date]). National Plant Data Team, Greensboro, NC USA.'

/** The MIT notice as FarmBot ships it (data/sources/farmbot-crops/LICENSE-MIT.txt), on one line. */
export function farmbotNotice(licenseText: string): string {
  return licenseText.trim().replace(/\s+/g, ' ')
}

export function starterHeader(mitNotice: string): DatasetHeader {
  return {
    hortus_dataset: 1,
    license: DATASET_LICENSE,
    license_url: DATASET_LICENSE_URL,
    attribution:
      'Hortus starter plant dataset (CC BY-SA 4.0): credit Growstuff (growstuff.org) for the crops, Wikipedia contributors ("List of companion plants") for the companion links, the USDA PLANTS Database for plant characteristics (public domain; cite "USDA, NRCS. The PLANTS Database (http://plants.usda.gov). National Plant Data Team, Greensboro, NC USA"), FarmBot (MIT, Copyright (c) 2018 Farmbot.io; the notice is in the FarmBot source below) and OpenFarm contributors (CC0) for crop descriptions, sizes, companions and the crop photos (each credited on its image entry), CropGraph (Andrew Christison, CC BY 4.0) for the sowing and planting windows, days to maturity, germination temperatures, pests and diseases, companions and antagonists with their reasons, and which flowers attract pollinators, open_plant_names (Roger Hyam, Royal Botanic Garden Edinburgh; CC0) for the Plants of the World Online and World Flora Online links, the World Checklist of Useful Plant Species (Diazgranados et al. 2020, Royal Botanic Gardens, Kew; CC BY 4.0) for the recorded uses, the USDA PLANTS checklist for the synonyms, Open Garden Planner (cofade; CC BY-SA 4.0) for the water, soil pH, frost, feeding and seed-sowing needs of garden crops, and Permapeople contributors for the attribute vocabulary; see data/ATTRIBUTION.md.',
    sources: [
      GROWSTUFF,
      WIKIPEDIA_COMPANION_PLANTS,
      USDA_PLANTS,
      { ...FARMBOT, notice: mitNotice },
      CROPGRAPH,
      OPENFARM,
      OPEN_PLANT_NAMES,
      KEW_USEFUL_PLANTS,
      OPEN_GARDEN_PLANNER,
      PERMAPEOPLE_VOCABULARY,
      HORTUS_BUILD,
    ],
  }
}

export function openFarmHeader(): DatasetHeader {
  return {
    hortus_dataset: 1,
    license: DATASET_LICENSE,
    license_url: DATASET_LICENSE_URL,
    attribution:
      'Hortus OpenFarm name list, distributed under CC BY-SA 4.0 as part of the Hortus dataset: credit OpenFarm (openfarmcc/OpenFarm), whose crop name list is CC0 (public domain); see data/ATTRIBUTION.md.',
    sources: [OPENFARM],
  }
}

export function renderAttribution(mitLicenseText: string): string {
  return `# Hortus dataset: licence and attribution

The files in \`data/\` (\`plants.jsonl\`, \`openfarm.jsonl\`, \`crop-icons.json\`, \`build-report.md\` and this file) are the
Hortus dataset. The dataset is licensed under the
[Creative Commons Attribution-ShareAlike 4.0 International licence](${DATASET_LICENSE_URL}) (${DATASET_LICENSE}).
The first line of each \`.jsonl\` file repeats the licence and the credits of that file's sources. The raw
sources it is built from are kept in \`data/sources/\`, each under its own licence, with the notice beside
it (\`data/sources/PROVENANCE.md\`).

## Who to credit

- **Growstuff** (${GROWSTUFF.url}), crop names, parent crops, scientific names, alternate names and
  Wikipedia links (${GROWSTUFF.license}, as Growstuff publishes its crop data in Growstuff/growstuff,
  \`db/seeds/\`). Used in \`plants.jsonl\`.
- **Wikipedia contributors**, the article "List of companion plants"
  (${WIKIPEDIA_COMPANION_PLANTS.url}), ${WIKIPEDIA_COMPANION_PLANTS.license}: the companion-table plants
  and the \`companion-to\` and \`antagonist-to\` links whose \`source\` is \`wikipedia-companions\`. Used in
  \`plants.jsonl\`.
- **USDA PLANTS** (${USDA_PLANTS.url}), the plant characteristics (light, water, soil, pH, hardiness,
  height, growth, life cycle, layer, nitrogen fixation, edibility, toxicity, bloom period, native status,
  family) of about 1,650 taxa and 155 cultivars, and their names and synonyms. A work of the United
  States government, in the public domain; USDA asks to be cited as:

  > ${USDA_CITATION}

  (the year and date are those of the download, which the scrapes Hortus used do not record). Each
  plant from USDA carries its profile link in the \`USDA PLANTS\` attribute. Used in \`plants.jsonl\`.
- **FarmBot** (${FARMBOT.url}), garden crop records: descriptions, sun requirements, heights and spreads,
  common names and companions. Used in \`plants.jsonl\`; links from FarmBot name it as their \`source\` (or, where the companion table says the same, in a word in their note).
  FarmBot's crop photos are the starter pictures: OpenFarm contributors gave them to OpenFarm as CC0,
  FarmBot redistributes them under MIT, and each is credited "${FARMBOT_PHOTO.author}" (licence
  \`${FARMBOT_PHOTO.license}\`) on its plant's \`images\` entry; re-encoded copies are in
  \`sources/farmbot-crops/images/\`. FarmBot's crop icons (which FarmBot gave to OpenFarm's icon set as
  CC0) are in \`sources/farmbot-crops/icons/\`: a Hortus website shows a plant's icon on its card when the
  plant has no photo, and \`crop-icons.json\` says which plant each icon marks (matched as the photos are).
  FarmBot publishes them under the MIT licence, whose notice follows and must be kept with copies:

${mitLicenseText
  .trim()
  .split('\n')
  .map((line) => (line.trim() ? `  > ${line.trim()}` : '  >'))
  .join('\n')}

- **CropGraph** (${CROPGRAPH.url}), the crop calendar, the crop-pest and crop-disease pairs and the
  companion and antagonist pairs (\`packages/core/src/data/crop-calendar.json\`, \`pest-disease.json\`,
  \`companions.json\`),
  ${CROPGRAPH.license} (https://creativecommons.org/licenses/by/4.0/), credit "${CROPGRAPH.name}": the
  sowing and planting windows (\`When to sow (indoors)\`, \`When to sow (outdoors)\`, \`When to plant (…)\`),
  \`Days to maturity\`, \`Germination temperature\`, \`Pests\` and \`Diseases\`, the calendar crops the starter
  data lacked, the links whose \`source\` is \`cropgraph\` (and the reasons marked "(CropGraph)" in other
  links' notes), and \`Utility\` "Attracts pollinators", compiled from US extension
  publications. Used in
  \`plants.jsonl\`.
- **open_plant_names** (${OPEN_PLANT_NAMES.url}), Roger Hyam, Royal Botanic Garden Edinburgh, seeded from
  World Flora Online and the GBIF backbone, dedicated to the public domain (CC0): the IPNI and World Flora
  Online identifiers behind the \`Plants of the World Online\` and \`World Flora Online\` links. Used in
  \`plants.jsonl\`; credited although CC0 does not require it.
- **The World Checklist of Useful Plant Species** (Diazgranados et al. 2020, Royal Botanic Gardens, Kew;
  Knowledge Network for Biocomplexity, ${KEW_USEFUL_PLANTS.url}), ${KEW_USEFUL_PLANTS.license}
  (https://creativecommons.org/licenses/by/4.0/), credit "${KEW_USEFUL_PLANTS.name}": which uses the
  literature records for each species (food, medicine, animal fodder, bee and insect food, materials, fuel,
  environmental and social uses, poisons, gene sources), the \`Recorded uses\` attribute and the
  \`Medicinal\`, \`Edible\`, \`Warning\` and \`Utility\` values whose \`source\` is \`kew-useful-plants\`. A
  recorded use is what the literature records somewhere, not advice. Used in \`plants.jsonl\`.
- **The USDA PLANTS checklist** (the Complete PLANTS Checklist of ${USDA_PLANTS.url}, public domain, cited
  as USDA PLANTS above): the scientific synonyms of each species, the \`Synonyms\` attribute. Used in
  \`plants.jsonl\`.
- **Open Garden Planner** (${OPEN_GARDEN_PLANNER.url}), cofade, ${OPEN_GARDEN_PLANNER.license}
  (https://creativecommons.org/licenses/by-sa/4.0/), curated from RHS plant profiles and university
  extension guides: the water needs, soil pH, \`Frost tolerance\`, \`Nitrogen Usage\`, \`Seed planting depth\`
  and \`Germination time\` of garden crops, herbs and fruit, and days to maturity, germination temperatures
  and hardiness zones where no other source gives them, the values whose \`source\` is
  \`open-garden-planner\`. Used in \`plants.jsonl\`.
- **OpenFarm** (${OPENFARM.url}), dedicated to the public domain (CC0): its crop name list
  (\`lib/crops.csv\`) is \`openfarm.jsonl\`, and FarmBot's crop records were taken from OpenFarm.
  \`openfarm.jsonl\` is distributed under ${DATASET_LICENSE} as part of the Hortus dataset; OpenFarm is
  credited although CC0 does not require it.
- **Permapeople contributors** (${PERMAPEOPLE_VOCABULARY.url}), ${PERMAPEOPLE_VOCABULARY.license}: the
  attribute keys and value spellings (\`Light requirement\`, \`Soil type\`, \`Edible parts\`, \`Life cycle\`,
  …) that \`plants.jsonl\` follows. No plant records were copied from Permapeople.

## Where each value came from

Every value and link of \`plants.jsonl\` names its source: the \`id\` of one of the header line's
\`sources\` (\`growstuff\`, \`wikipedia-companions\`, \`usda-plants\`, \`farmbot\`, \`cropgraph\`,
\`open-plant-names\`, \`kew-useful-plants\`, \`open-garden-planner\`, …), on the value or link itself or, where it is the most common of the plant's,
once on the plant's line. \`hortus-build\` marks what the build's own tables give (the family of a genus
from its APG IV table, what is eaten of a food crop from its edible-parts table): part of the Hortus
dataset, under its licence. Every line of \`openfarm.jsonl\` names \`openfarm\`.

## How to attribute when you reuse the data

Whether you copy the files, serve them, or publish plants taken from a Hortus service, give:

1. a link back to the Hortus service (website) you took the data from;
2. the licence, ${DATASET_LICENSE}, with a link to ${DATASET_LICENSE_URL};
3. the sources: "Growstuff (growstuff.org), Wikipedia contributors ("List of companion plants"),
   USDA NRCS PLANTS Database, FarmBot, CropGraph (Andrew Christison), open_plant_names (Roger Hyam),
   World Checklist of Useful Plant Species (RBG Kew), Open Garden Planner (cofade), OpenFarm, Permapeople
   contributors";
4. a note if you changed the data.

If you copy FarmBot's records (descriptions, sizes, companions) or its crop photos and icons in bulk,
keep FarmBot's MIT notice above with them.

A short form that satisfies this:

> Plant data from Hortus (URL of the Hortus service), ${DATASET_LICENSE}
> (${DATASET_LICENSE_URL}), built from Growstuff, Wikipedia contributors ("List of companion
> plants"), the USDA NRCS PLANTS Database, FarmBot, CropGraph (Andrew Christison, CC BY 4.0),
> open_plant_names (Roger Hyam), the World Checklist of Useful Plant Species (RBG Kew, CC BY 4.0),
> Open Garden Planner (cofade, CC BY-SA 4.0), OpenFarm and Permapeople contributors.

Share-alike: if you adapt the data, license your adaptation under ${DATASET_LICENSE} (or a compatible
licence) and keep these credits.
`
}

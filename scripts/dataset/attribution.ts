// Licence and credits: the header line of each dataset file and data/ATTRIBUTION.md.

export const DATASET_LICENSE = 'CC BY-SA 4.0'
export const DATASET_LICENSE_URL = 'https://creativecommons.org/licenses/by-sa/4.0/'

export interface Source {
  name: string
  url: string
  license: string
}

export const GROWSTUFF: Source = { name: 'Growstuff', url: 'https://www.growstuff.org', license: 'CC BY-SA' }
export const WIKIPEDIA_COMPANION_PLANTS: Source = {
  name: 'Wikipedia contributors, "List of companion plants"',
  url: 'https://en.wikipedia.org/wiki/List_of_companion_plants',
  license: 'CC BY-SA 4.0',
}
export const PERMAPEOPLE_VOCABULARY: Source = {
  name: 'Permapeople contributors (attribute keys and values)',
  url: 'https://permapeople.org',
  license: 'CC BY-SA 4.0',
}
export const OPENFARM: Source = {
  name: 'OpenFarm',
  url: 'https://github.com/openfarmcc/OpenFarm',
  license: 'CC0 1.0 (public domain)',
}

/** Where the companion links say they come from: every link note starts with it. */
export const COMPANION_NOTE_SOURCE = `Source: ${WIKIPEDIA_COMPANION_PLANTS.name} (${WIKIPEDIA_COMPANION_PLANTS.license}, ${WIKIPEDIA_COMPANION_PLANTS.url})`

export interface DatasetHeader {
  hortus_dataset: 1
  license: string
  license_url: string
  attribution: string
  sources: Source[]
}

export function starterHeader(): DatasetHeader {
  return {
    hortus_dataset: 1,
    license: DATASET_LICENSE,
    license_url: DATASET_LICENSE_URL,
    attribution:
      'Hortus starter plant dataset (CC BY-SA 4.0): credit Growstuff (growstuff.org) for the crops, Wikipedia contributors ("List of companion plants") for the companion links, and Permapeople contributors for the attribute vocabulary; see data/ATTRIBUTION.md.',
    sources: [GROWSTUFF, WIKIPEDIA_COMPANION_PLANTS, PERMAPEOPLE_VOCABULARY],
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

export function renderAttribution(): string {
  return `# Hortus dataset: licence and attribution

The files in \`data/\` (\`plants.jsonl\`, \`openfarm.jsonl\`, \`build-report.md\` and this file) are the
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
  and every \`companion-to\` and \`antagonist-to\` link. Used in \`plants.jsonl\`; each link's note names
  the article.
- **OpenFarm** (${OPENFARM.url}, \`lib/crops.csv\`), the crop name list, dedicated to the public domain
  (CC0). Used in \`openfarm.jsonl\`, which is distributed under ${DATASET_LICENSE} as part of the Hortus
  dataset; OpenFarm is credited although CC0 does not require it.
- **Permapeople contributors** (${PERMAPEOPLE_VOCABULARY.url}), ${PERMAPEOPLE_VOCABULARY.license}: the
  attribute keys and value spellings (\`Family\`, \`Edible\`, \`Edible parts\`, \`Life cycle\`, …) that
  \`plants.jsonl\` follows. No plant records were copied from Permapeople.

## How to attribute when you reuse the data

Whether you copy the files, serve them, or publish plants taken from a Hortus service, give:

1. a link back to the Hortus service (website) you took the data from;
2. the licence, ${DATASET_LICENSE}, with a link to ${DATASET_LICENSE_URL};
3. the sources: "Growstuff (growstuff.org), Wikipedia contributors ("List of companion plants"),
   OpenFarm, Permapeople contributors";
4. a note if you changed the data.

A short form that satisfies this:

> Plant data from Hortus (URL of the Hortus service), ${DATASET_LICENSE}
> (${DATASET_LICENSE_URL}), built from Growstuff, Wikipedia contributors ("List of companion
> plants"), OpenFarm and Permapeople contributors.

Share-alike: if you adapt the data, license your adaptation under ${DATASET_LICENSE} (or a compatible
licence) and keep these credits.
`
}

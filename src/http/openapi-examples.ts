// An example request and response for every operation, by operationId: the swagger transform in openapi.ts
// puts them into the document (parameter `example`, request and response media `example`), so clients of
// /api/openapi.json get them and the /docs page shows them. They are what the API answers on the starter
// dataset (Tomato is plant 1790 there), shortened to one or two items per list. test/api/openapi.test.ts
// validates each against its operation's schemas, so a changed schema cannot leave its example behind.

export interface OperationExample {
  /** Path parameters: ids and versions are integers, keys text. */
  params?: Record<string, string | number>
  /** Query parameters the example sends; the others are left out. */
  query?: Record<string, string | number>
  /** The JSON body, for operations that take one. */
  body?: Record<string, unknown>
  /** The body of the success response (the operation's one 2xx status). */
  response: unknown
}

const TOMATO_IMAGE = {
  id: 88,
  plant_id: 2345,
  thumb: 'https://plants.example.org/images/88/thumb.webp',
  title: 'https://plants.example.org/images/88/title.webp',
  original: 'https://plants.example.org/images/88/original',
  width: 1600,
  height: 1200,
  author: 'Ada Gardener',
  license: 'CC-BY-4.0',
  source_url: 'https://example.org/ada/tomatoes',
  note: 'Ripe fruit in August',
  uploader: 'Ada Gardener',
  created_at: '2026-05-14T09:20:22.533Z',
  shown: true,
}

/** A plant as the API answers it, with what every example plant shares filled in: no pictures, its page's
 * link made from its slug, an empty description, no parent, and no change since it was created. */
function examplePlant(plant: {
  id: number
  type?: 'Plant' | 'Variety'
  scientific_name: string
  name: string
  version: number
  description?: string
  slug: string
  parent_id?: number | null
  created_at: string
  updated_at?: string
  data: { key: string; value: string }[]
}) {
  const { type = 'Plant', description = '', parent_id = null, updated_at = plant.created_at } = plant
  return {
    id: plant.id,
    type,
    scientific_name: plant.scientific_name,
    name: plant.name,
    version: plant.version,
    description,
    link: `/plants/${plant.slug}`,
    slug: plant.slug,
    parent_id,
    updated_at,
    created_at: plant.created_at,
    images: { thumb: null, title: null },
    data: plant.data,
  }
}

const TOMATO = examplePlant({
  id: 1790,
  scientific_name: 'Solanum lycopersicum',
  name: 'Tomato',
  version: 56,
  description:
    'The tomato is the fruit of the tomato plant, a member of the Nightshade family (Solanaceae). The fruit grows on a small compact bush.',
  slug: 'solanum-lycopersicum-tomato',
  updated_at: '2026-05-14T09:20:23.839Z',
  created_at: '2026-05-14T09:20:22.533Z',
  data: [
    { key: 'Alternate name', value: 'Tomate' },
    { key: 'Family', value: 'Solanaceae' },
    { key: 'Edible', value: 'true' },
    { key: 'Edible parts', value: 'Fruit' },
    { key: 'Wikipedia', value: 'https://en.wikipedia.org/wiki/Tomato' },
    { key: 'Light requirement', value: 'Full sun' },
    { key: 'Height', value: '0.45' },
    { key: 'Width', value: '0.45' },
  ],
})

const GLOSSY_ABELIA = examplePlant({
  id: 1,
  scientific_name: 'Abelia × grandiflora',
  name: 'Glossy abelia',
  version: 1,
  slug: 'abelia-grandiflora-glossy-abelia',
  created_at: '2026-05-14T09:20:19.465Z',
  data: [
    { key: 'Family', value: 'Caprifoliaceae' },
    { key: 'Life cycle', value: 'Perennial' },
    { key: 'Light requirement', value: 'Full sun, partial sun/shade, full shade' },
    { key: 'Water requirement', value: 'Moist' },
    { key: 'Soil type', value: 'Light (sandy), medium' },
    { key: 'Soil pH', value: '5.7-7.0' },
    { key: 'USDA Hardiness zone', value: '5' },
    { key: 'Height', value: '1.83' },
    { key: 'USDA PLANTS', value: 'https://plants.usda.gov/plant-profile/ABGR4' },
  ],
})

const OKRA = examplePlant({
  id: 2,
  scientific_name: 'Abelmoschus esculentus',
  name: 'Okra',
  version: 15,
  description:
    "Okra is a frost-tender annual grown for it's edible seed pods and, less commonly, it's leaves and stems. Plants can be green or red.",
  slug: 'abelmoschus-esculentus-okra',
  updated_at: '2026-05-14T09:20:23.440Z',
  created_at: '2026-05-14T09:20:19.471Z',
  data: [
    { key: 'Alternate name', value: "ladies' fingers, bhindi, bamia, gumbo" },
    { key: 'Family', value: 'Malvaceae' },
    { key: 'Edible parts', value: 'Seedpod' },
    { key: 'Light requirement', value: 'Full sun' },
    { key: 'Height', value: '2.5' },
  ],
})

const ADORATION_TOMATO = examplePlant({
  id: 2275,
  type: 'Variety',
  scientific_name: 'Solanum lycopersicum',
  name: 'Adoration tomato',
  version: 1,
  slug: 'solanum-lycopersicum-adoration-tomato',
  parent_id: 1790,
  created_at: '2026-05-14T09:20:23.299Z',
  data: [
    { key: 'Family', value: 'Solanaceae' },
    { key: 'Edible parts', value: 'Fruit' },
    { key: 'Wikipedia', value: 'https://en.wikipedia.org/wiki/Adoration_%28Tomato%29' },
  ],
})

/** The variety the write examples create (the next id after the starter dataset's 2,344 plants). */
const NEW_VARIETY = examplePlant({
  id: 2345,
  type: 'Variety',
  scientific_name: 'Solanum lycopersicum',
  name: 'Principe Borghese tomato',
  version: 1,
  description: 'A small plum tomato bred for drying.',
  slug: 'solanum-lycopersicum-principe-borghese-tomato',
  parent_id: 1790,
  created_at: '2026-05-14T10:02:41.118Z',
  data: [
    { key: 'Edible parts', value: 'Fruit' },
    { key: 'Life cycle', value: 'Annual' },
  ],
})

const BASIL_LINK = {
  id: 1110,
  type: 'companion-to',
  plant_id: 1453,
  name: 'Basil',
  scientific_name: 'Ocimum basilicum',
  note: 'Basil planted between tomatoes keeps thrips away (seed catalogue, p. 12).',
  author: 'Ada Gardener',
  created_at: '2026-05-14T10:05:09.853Z',
}

const USDA_PLANTS = {
  name: 'USDA, NRCS. The PLANTS Database. National Plant Data Team, Greensboro, NC USA',
  url: 'https://plants.usda.gov',
  license: 'public domain (U.S. government work)',
}
const CROPGRAPH = {
  name: 'CropGraph (Andrew Christison), CC BY 4.0',
  url: 'https://github.com/Cropgraph/cropgraph',
  license: 'CC BY 4.0',
}

const TOMATO_WEBHOOK = {
  id: 12,
  url: 'https://garden-app.example.org/hortus-hooks',
  events: ['plant.changed'],
  plants: [1790],
  created_at: '2026-05-14T10:02:11.204Z',
  disabled_at: null,
  disabled_reason: null,
}

const page = (pageNumber: number, perPage: number, total: number) => ({
  page: pageNumber,
  per_page: perPage,
  total,
  total_pages: Math.ceil(total / perPage),
})

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  listPlants: {
    query: { per_page: 1 },
    response: {
      plants: [GLOSSY_ABELIA],
      pagination: { per_page: 1, total: 2344, last_id: 1, has_more: true },
    },
  },
  createPlant: {
    body: {
      scientific_name: 'Solanum lycopersicum',
      name: 'Principe Borghese tomato',
      type: 'Variety',
      parent_id: 1790,
      description: 'A small plum tomato bred for drying.',
      data: [
        { key: 'Edible parts', value: 'Fruit' },
        { key: 'Life cycle', value: 'Annual' },
      ],
      note: 'Added from the seed catalogue.',
    },
    response: NEW_VARIETY,
  },
  getPlant: { params: { id: 1790 }, response: TOMATO },
  updatePlant: {
    params: { id: 2345 },
    body: { version: 1, note: 'Height from the seed catalogue.', data: [{ key: 'Height', value: '1.2' }] },
    response: {
      ...NEW_VARIETY,
      version: 2,
      updated_at: '2026-05-14T10:03:15.833Z',
      data: [...NEW_VARIETY.data, { key: 'Height', value: '1.2' }],
    },
  },
  listVarieties: {
    params: { id: 1790 },
    query: { per_page: 1 },
    response: { plants: [ADORATION_TOMATO], pagination: page(1, 1, 44) },
  },
  listCompanions: {
    params: { id: 1790 },
    query: { per_page: 1 },
    response: { plants: [OKRA], pagination: page(1, 1, 43) },
  },
  listRevisions: {
    params: { id: 2345 },
    query: { per_page: 2 },
    response: {
      revisions: [
        {
          version: 2,
          note: 'Height from the seed catalogue.',
          author: 'Ada Gardener',
          created_at: '2026-05-14T10:03:15.833Z',
          changes: [{ field: 'data.Height', from: null, to: '1.2' }],
        },
        {
          version: 1,
          note: 'Added from the seed catalogue.',
          author: 'Ada Gardener',
          created_at: '2026-05-14T10:02:41.118Z',
          changes: [
            { field: 'type', from: null, to: 'Variety' },
            { field: 'scientific_name', from: null, to: 'Solanum lycopersicum' },
            { field: 'name', from: null, to: 'Principe Borghese tomato' },
            { field: 'description', from: null, to: 'A small plum tomato bred for drying.' },
            { field: 'parent_id', from: null, to: 1790 },
            { field: 'slug', from: null, to: 'solanum-lycopersicum-principe-borghese-tomato' },
            { field: 'data.Edible parts', from: null, to: 'Fruit' },
            { field: 'data.Life cycle', from: null, to: 'Annual' },
          ],
        },
      ],
      pagination: page(1, 2, 2),
    },
  },
  getPlantVersion: {
    params: { id: 2345, version: 1 },
    response: NEW_VARIETY,
  },
  revertPlant: {
    params: { id: 2345 },
    body: { version: 2, to_version: 1, note: 'The catalogue gives the height of another variety.' },
    response: { ...NEW_VARIETY, version: 3, updated_at: '2026-05-14T11:20:05.412Z' },
  },
  listChanges: {
    query: { since: 'MTQyLjE0Mg', limit: 2 },
    response: {
      changes: [
        {
          cursor: 'MTQzLjE0Mw',
          plant_id: 2345,
          version: 2,
          author: 'Ada Gardener',
          note: 'Height from the seed catalogue.',
          time: '2026-05-14T10:03:15.833Z',
          changes: [{ field: 'data.Height', from: null, to: '1.2' }],
        },
        {
          cursor: 'MTQ0LjE0NA',
          plant_id: 2345,
          version: 3,
          author: 'Ada Gardener',
          note: 'The catalogue gives the height of another variety.',
          time: '2026-05-14T11:20:05.412Z',
          changes: [{ field: 'data.Height', from: '1.2', to: null }],
        },
      ],
      next: 'MTQ0LjE0NA',
      has_more: false,
    },
  },
  exportDataset: {
    query: { since: '2026-05-14T00:00:00Z' },
    // One line of the answer: the header comes first, then a line like this one for each plant.
    response: {
      id: 1790,
      version: 56,
      type: 'Plant',
      scientific_name: 'Solanum lycopersicum',
      name: 'Tomato',
      slug: 'solanum-lycopersicum-tomato',
      created_at: '2026-05-14T09:20:22.533Z',
      updated_at: '2026-05-14T09:20:23.839Z',
      description:
        'The tomato is the fruit of the tomato plant, a member of the Nightshade family (Solanaceae).',
      data: [
        { key: 'Family', value: 'Solanaceae', source: 'growstuff' },
        { key: 'Height', value: '1.2', saved_by: { author: 'Ada Gardener', version: 55 } },
      ],
      links: [
        {
          id: 412,
          plant_id: 2101,
          created_at: '2026-05-14T09:20:23.839Z',
          type: 'companion-to',
          scientific_name: 'Ocimum basilicum',
          name: 'Basil',
          note: 'Wikipedia: List of companion plants',
          source: 'wikipedia-companions',
        },
      ],
    },
  },
  listLinks: {
    params: { id: 1790 },
    query: { type: 'companion-to', per_page: 1 },
    response: {
      links: [
        {
          id: 451,
          type: 'companion-to',
          plant_id: 33,
          name: 'Yarrow',
          scientific_name: 'Achillea millefolium',
          note: 'Source: Wikipedia contributors, "List of companion plants" (CC BY-SA 4.0, https://en.wikipedia.org/wiki/List_of_companion_plants): yarrow helps tomatoes.',
          author: 'import',
          created_at: '2026-05-14T09:20:23.440Z',
        },
      ],
      pagination: page(1, 1, 55),
    },
  },
  createLink: {
    params: { id: 2345 },
    body: { plant_id: 1453, type: 'companion-to', note: BASIL_LINK.note },
    response: BASIL_LINK,
  },
  removeLink: {
    params: { id: 2345, link_id: 1110 },
    body: { note: 'Already linked on Tomato, the parent plant.' },
    response: {
      ...BASIL_LINK,
      removed_at: '2026-05-14T10:07:44.890Z',
      removed_note: 'Already linked on Tomato, the parent plant.',
      removed_by: 'Ada Gardener',
    },
  },
  sowNow: {
    query: {
      last_frost: '04-15',
      first_frost: '10-20',
      date: '2026-03-01',
      action: 'sow_indoors',
      per_page: 1,
    },
    response: {
      plants: [TOMATO],
      pagination: page(1, 1, 41),
      date: '2026-03-01',
      windows: {
        '1790': [
          {
            action: 'sow_indoors',
            from: '2026-02-18',
            to: '2026-03-04',
            note: '6-8 weeks before the last frost',
            source: null,
          },
        ],
      },
      notes: [],
    },
  },
  plantCalendar: {
    params: { id: 2345 },
    query: { last_frost: '04-15', first_frost: '10-20', year: 2026 },
    response: {
      plant_id: 2345,
      year: 2026,
      last_frost: '2026-04-15',
      first_frost: '2026-10-20',
      windows: [
        {
          action: 'sow_indoors',
          from: '2026-02-18',
          to: '2026-03-04',
          note: '6-8 weeks before the last frost',
          source: null,
        },
        {
          action: 'transplant',
          from: '2026-04-29',
          to: '2026-05-13',
          note: '2-4 weeks after the last frost',
          source: null,
        },
      ],
      harvest: { from: '2026-07-23', to: '2026-08-11' },
      from_parent: false,
      notes: [],
    },
  },
  plantProvenance: {
    params: { id: 2345 },
    response: {
      plant_id: 2345,
      data: [
        { key: 'Family', value: 'Solanaceae', source: USDA_PLANTS, version: 1, author: 'import' },
        { key: 'Days to maturity', value: '55-90', source: CROPGRAPH, version: 3, author: 'import' },
        { key: 'Height', value: '1.8', source: null, version: 7, author: 'Ada Gardener' },
      ],
      links: [
        {
          id: BASIL_LINK.id,
          type: BASIL_LINK.type,
          plant_id: BASIL_LINK.plant_id,
          name: BASIL_LINK.name,
          scientific_name: BASIL_LINK.scientific_name,
          note: BASIL_LINK.note,
          source: null,
          version: 6,
          author: BASIL_LINK.author,
        },
      ],
    },
  },
  plantProblems: {
    params: { id: 2345 },
    response: {
      plant_id: 2345,
      from_parent: false,
      problems: [
        {
          name: 'Tomato hornworm',
          type: 'pest',
          severity: 'high',
          symptoms: 'Large green caterpillars strip leaves and scar fruit, often overnight.',
          management: ['Hand-pick at dusk.', 'Bacillus thuringiensis (Bt) on young larvae.'],
          prevention: 'Till the soil in autumn to destroy pupae; grow dill or basil nearby for predators.',
          source: CROPGRAPH,
        },
      ],
    },
  },
  addImage: { params: { id: 2345 }, response: TOMATO_IMAGE },
  listImages: { params: { id: 2345 }, response: { images: [TOMATO_IMAGE] } },
  showImage: {
    params: { id: 2345, image_id: 88 },
    body: { note: 'The ripe fruit tells it apart' },
    response: TOMATO_IMAGE,
  },
  removeImage: {
    params: { id: 2345, image_id: 88 },
    body: { note: 'The licence was not the one given' },
    response: {
      id: 88,
      removed_at: '2026-05-14T10:07:44.890Z',
      removed_by: 'Mia Moderator',
      removed_note: 'The licence was not the one given',
    },
  },
  searchPlants: {
    query: { q: 'tomato', per_page: 1 },
    response: {
      plants: [TOMATO],
      pagination: page(1, 1, 53),
      interpretation: {
        constraints: [],
        name_words: ['tomato'],
        dropped_words: [],
        unmatched_words: [],
        ignored_parameters: [],
      },
    },
  },
  searchPlantsWithBody: {
    body: { scientific_name: 'Solanum lycopersicum', type: 'Plant', name: 'Tomato' },
    response: { plants: [TOMATO] },
  },
  suggestPlants: {
    query: { q: 'toma' },
    response: {
      suggestions: [
        { id: 1790, name: 'Tomato', scientific_name: 'Solanum lycopersicum', type: 'Plant' },
        { id: 1606, name: 'Tomatillo', scientific_name: 'Physalis philadelphica', type: 'Plant' },
        { id: 2314, name: 'Tomaccio tomato', scientific_name: 'Solanum lycopersicum', type: 'Variety' },
      ],
    },
  },
  listAttributes: {
    response: {
      attributes: [
        {
          key: 'Family',
          plants: 2324,
          values: [
            { value: 'Poaceae or gramineae', plants: 392 },
            { value: 'Asteraceae or compositae', plants: 191 },
          ],
          numeric: false,
        },
        {
          key: 'Light requirement',
          plants: 1971,
          values: [
            { value: 'Full sun', plants: 1952 },
            { value: 'partial sun/shade', plants: 902 },
            { value: 'full shade', plants: 402 },
          ],
          numeric: false,
        },
        {
          key: 'Height',
          plants: 1971,
          values: [
            { value: '0.61', plants: 193 },
            { value: '0.91', plants: 187 },
          ],
          numeric: true,
          min: 0.02,
          max: 76.2,
        },
      ],
    },
  },
  listAttributeValues: {
    params: { key: 'light requirement' },
    query: { per_page: 2 },
    response: {
      key: 'Light requirement',
      plants: 1971,
      values: [
        { value: 'Full sun', plants: 1952 },
        { value: 'partial sun/shade', plants: 902 },
      ],
      pagination: page(1, 2, 3),
    },
  },
  checkHealth: { response: { status: 'ok', database: 'ok' } },
  createWebhook: {
    body: { url: 'https://garden-app.example.org/hortus-hooks', events: ['plant.changed'], plants: [1790] },
    response: { ...TOMATO_WEBHOOK, secret: 'whsec_3bqK7yXo2M0aV9c8rT5wLpE1ZuHd4nGf' },
  },
  listWebhooks: { response: { webhooks: [TOMATO_WEBHOOK] } },
  getWebhook: { params: { id: 12 }, response: TOMATO_WEBHOOK },
  deleteWebhook: { params: { id: 12 }, response: null },
  listWebhookDeliveries: {
    params: { id: 12 },
    query: { per_page: 2 },
    response: {
      attempts: [
        {
          event_id: 'chg_MjQ4NDkuOTgyMTM',
          time: '2026-05-14T10:12:03.118Z',
          status: 204,
          duration_ms: 84,
          error: null,
          delivered: true,
        },
        {
          event_id: 'chg_MjQ4NDkuOTgyMTM',
          time: '2026-05-14T10:11:32.907Z',
          status: 503,
          duration_ms: 61,
          error: 'answered 503',
          delivered: false,
        },
      ],
    },
  },
}

type Schema = Record<string, unknown>

/**
 * The route schema with its operation's example: `examples` on each parameter that has one, on the body
 * and on the success response, which @fastify/swagger turns into `example` on the parameter and on the
 * media types. Copies: the schemas Fastify validates and serialises with are left as they are.
 */
export function withExample<T extends object>(route: T, describeReference: (schema: Schema) => unknown): T {
  const schema = route as Schema
  const example = OPERATION_EXAMPLES[String(schema.operationId)]
  if (!example) return route
  const withValues = (part: unknown, values: Record<string, unknown> | undefined) => {
    const object = part as { properties?: Record<string, Schema> } | undefined
    if (!object?.properties || !values) return part
    const properties = Object.fromEntries(
      Object.entries(object.properties).map(([name, property]) =>
        name in values ? [name, { ...property, examples: [values[name]] }] : [name, property],
      ),
    )
    return { ...object, properties }
  }
  // @fastify/swagger drops whatever stands next to a $ref, so the success response is given as its media
  // type, which it keeps as written.
  const response = { ...(schema.response as Record<string, Schema>) }
  const success = Object.keys(response).find((status) => /^2\d\d$/.test(status))
  if (success) {
    const body = response[success]!
    // A response that names its own media type (the export's JSON Lines) keeps it.
    const own = body.content as Record<string, Schema> | undefined
    const [type, media] = own ? Object.entries(own)[0]! : ['application/json', { schema: body }]
    response[success] = {
      description: body.description ?? describeReference(body),
      content: { [type]: { ...media, example: example.response } },
    }
  }
  return {
    ...route,
    params: withValues(schema.params, example.params),
    querystring: withValues(schema.querystring, example.query),
    ...(schema.body && example.body
      ? { body: { ...(schema.body as Schema), examples: [example.body] } }
      : {}),
    response,
  }
}

// The plant form of the website (edit, new plant, re-apply after a conflict) between what a browser posts,
// flat urlencoded fields, and the plant services' inputs. Each input is checked with the API's own schema,
// so a page accepts exactly what the API accepts; each problem is tied back to the field it came from.
import { Type } from 'typebox'
import { DigitsText, INTEGER_COLUMN_MAX } from '../../http/integers.ts'
import type { CreatePlantInput, UpdatePlantInput } from '../../writes/plant-writes.ts'
import { CreatePlantBody, UpdatePlantBody } from '../../plants/plant.schemas.ts'
import { normalizeFacet, type Attribute, type Plant, type PlantType } from '../../plants/plant.ts'
import { diffPlant, mergeAttributes, removeAttributes, type PlantFields } from '../../plants/plant-changes.ts'
import type { ValidateFunction } from 'ajv'
import { bodyValidator, fieldProblems } from '../../http/validation.ts'

/** An attribute the plant has (or, on a new plant, one we suggest filling in). */
interface AttributeRow {
  key: string
  value: string
  remove: boolean
}

export interface PlantFormValues {
  name: string
  scientific_name: string
  description: string
  type: PlantType
  /** The parent as typed: a name, a scientific name or an id. */
  parent: string
  /** The parent the form was shown with: while `parent` is still this text, it means plant `parentId`, even
   * when two plants share the name or the parent was renamed meanwhile. */
  parentId: number | null
  parentShown: string
  attributes: AttributeRow[]
  /** New keys and values. */
  added: Attribute[]
  note: string
}

/** Problems by the id of the input they belong to; `form` is the notice at the top. */
export type Problems = Partial<Record<string, string>>

/** Empty rows for new attributes on each form; more can be added after saving. */
export const NEW_ROWS = 3
const MAX_ROWS = 400

/** What the posted form may hold: any field is one line or a text; sizes as the API's, with room. */
export const PlantFormBody = Type.Object(
  { version: Type.Optional(DigitsText(INTEGER_COLUMN_MAX)) },
  { additionalProperties: Type.String({ maxLength: 25_000 }), maxProperties: 2 * MAX_ROWS + 20 },
)
export type PlantFormFields = Record<string, string | undefined>

const rowIndexes = (body: PlantFormFields, prefix: string): number[] =>
  Object.keys(body)
    .flatMap((name) => {
      const index = name.startsWith(prefix) ? Number(name.slice(prefix.length)) : NaN
      return Number.isInteger(index) && index >= 0 && index < MAX_ROWS ? [index] : []
    })
    .sort((a, b) => a - b)

export function readPlantForm(body: PlantFormFields): PlantFormValues {
  const text = (name: string) => body[name] ?? ''
  const parentId = Number(text('parent_id'))
  return {
    name: text('name'),
    scientific_name: text('scientific_name'),
    description: text('description').replace(/\r\n/g, '\n'),
    type: text('type') === 'Variety' ? 'Variety' : 'Plant',
    parent: text('parent').trim(),
    parentId: Number.isSafeInteger(parentId) && parentId > 0 ? parentId : null,
    parentShown: text('parent_shown').trim(),
    attributes: rowIndexes(body, 'key_').map((index) => ({
      key: text(`key_${index}`),
      value: text(`value_${index}`).trim(),
      remove: body[`remove_${index}`] !== undefined,
    })),
    added: rowIndexes(body, 'new_key_').map((index) => ({
      key: text(`new_key_${index}`).trim(),
      value: text(`new_value_${index}`).trim(),
    })),
    note: text('note').replace(/\r\n/g, '\n'),
  }
}

/** The form as first shown for a plant. */
export function plantFormValues(plant: Plant, parentName: string): PlantFormValues {
  return {
    name: plant.name,
    scientific_name: plant.scientific_name,
    description: plant.description,
    type: plant.type,
    parent: parentName,
    parentId: plant.parent_id,
    parentShown: parentName,
    attributes: plant.data.map(({ key, value }) => ({ key, value, remove: false })),
    added: [],
    note: '',
  }
}

/** The empty form of a new plant, or of a new variety of `parent`, with `suggested` keys to fill in. */
export function newPlantValues(
  parent: { id: number; name: string } | null,
  suggested: string[],
): PlantFormValues {
  return {
    name: '',
    scientific_name: '',
    description: '',
    type: parent ? 'Variety' : 'Plant',
    parent: parent?.name ?? '',
    parentId: parent?.id ?? null,
    parentShown: parent?.name ?? '',
    attributes: suggested.map((key) => ({ key, value: '', remove: false })),
    added: [],
    note: '',
  }
}

/** The problems a person can fix on the form, in their words, before any service sees it. `mode` 'new'
 * skips suggested attributes left empty; on an edit an emptied value must be removed instead. */
export function formProblems(values: PlantFormValues, mode: 'edit' | 'new'): Problems {
  const problems: Problems = {}
  if (!values.name.trim()) problems.name = 'Give the name gardeners know it by.'
  if (!values.scientific_name.trim()) problems.scientific_name = 'Give the scientific (botanical) name.'
  if (!values.note.trim())
    problems.note =
      mode === 'edit'
        ? 'Say what you changed and where it is from: it is shown in the history.'
        : 'Say where this information is from: it is shown in the history.'
  values.attributes.forEach(({ value, remove }, index) => {
    if (mode === 'edit' && !remove && !value)
      problems[`value_${index}`] = 'Empty: type a value, or tick “Remove” to delete this attribute.'
  })
  const listed = new Set(values.attributes.map(({ key }) => normalizeFacet(key)))
  const added = new Set<string>()
  values.added.forEach(({ key, value }, index) => {
    const facet = normalizeFacet(key)
    if (key && !value) problems[`new_value_${index}`] = 'Give a value for this attribute.'
    else if (!key && value) problems[`new_key_${index}`] = 'Name the attribute this value is for.'
    else if (listed.has(facet))
      problems[`new_key_${index}`] =
        mode === 'edit'
          ? `This plant already has “${key}”: change its value above.`
          : `“${key}” is listed above: give its value there.`
    else if (added.has(facet)) problems[`new_key_${index}`] = `“${key}” is given twice: keep one.`
    if (key) added.add(facet)
  })
  return problems
}

/** What the form sets: the attributes it gives values to, the keys it removes. */
function formData(values: PlantFormValues): { data: Attribute[]; remove: string[]; rows: string[] } {
  const data: Attribute[] = []
  const rows: string[] = []
  values.attributes.forEach(({ key, value, remove }, index) => {
    if (!remove && value) {
      data.push({ key, value })
      rows.push(`value_${index}`)
    }
  })
  values.added.forEach(({ key, value }, index) => {
    if (key && value) {
      data.push({ key, value })
      rows.push(`new_value_${index}`)
    }
  })
  const remove = values.attributes.filter((row) => row.remove).map(({ key }) => key)
  return { data, remove, rows }
}

/** The plant the form would make of `base`: what the service will save, worked out with its own rules. */
export function formResult(base: PlantFields, values: PlantFormValues, parentId: number | null): PlantFields {
  const { data, remove } = formData(values)
  // Browsers send a text's line ends as CR LF, read as LF: a description stored with CR LF is unchanged.
  const sameDescription = values.description === base.description.replace(/\r\n/g, '\n')
  return {
    ...base,
    name: values.name.trim(),
    scientific_name: values.scientific_name.trim(),
    description: sameDescription ? base.description : values.description,
    type: values.type,
    parent_id: values.type === 'Variety' ? parentId : null,
    data: removeAttributes(mergeAttributes(base.data, data), remove),
  }
}

export interface Checked<T> {
  input: T
  problems: Problems
}

/** The update of `current` the form asks for: only what differs, with the version it was read at. */
export function updateInput(
  current: Plant,
  values: PlantFormValues,
  version: number,
  parentId: number | null,
): Checked<UpdatePlantInput> {
  const { data, remove, rows } = formData(values)
  const before = new Map(current.data.map(({ key, value }) => [key, value]))
  const changed = data.flatMap((attribute, index) =>
    before.get(attribute.key) === attribute.value ? [] : [{ attribute, row: rows[index]! }],
  )
  const after = formResult(current, values, parentId)
  const input: UpdatePlantInput = {
    version,
    note: values.note,
    name: values.name.trim(),
    scientific_name: values.scientific_name.trim(),
    ...(after.description === current.description ? {} : { description: after.description }),
    type: values.type,
    ...(values.type === 'Variety' ? { parent_id: parentId } : {}),
    ...(changed.length ? { data: changed.map(({ attribute }) => attribute) } : {}),
    ...(remove.length ? { remove_data: remove } : {}),
  }
  const removedRows = values.attributes.flatMap((row, index) => (row.remove ? [`remove_${index}`] : []))
  const problems = schemaProblems(checkUpdate, input, {
    data: changed.map(({ row }) => row),
    remove_data: removedRows,
  })
  const unchanged = diffPlant(current, after).length === 0
  if (Object.keys(problems).length === 0 && unchanged)
    problems.form = 'Nothing has changed yet: change a value, add or remove an attribute, then save.'
  return { input, problems }
}

/** The new plant the form asks for. */
export function createInput(values: PlantFormValues, parentId: number | null): Checked<CreatePlantInput> {
  const { data, rows } = formData(values)
  const input: CreatePlantInput = {
    name: values.name.trim(),
    scientific_name: values.scientific_name.trim(),
    description: values.description,
    note: values.note,
    type: values.type,
    ...(values.type === 'Variety' ? { parent_id: parentId } : {}),
    ...(data.length ? { data } : {}),
  }
  return { input, problems: schemaProblems(checkCreate, input, { data: rows, remove_data: [] }) }
}

const checkUpdate = bodyValidator(UpdatePlantBody)
const checkCreate = bodyValidator(CreatePlantBody)
const TEXT_FIELDS = new Set(['name', 'scientific_name', 'description', 'note', 'type'])

/** The API schema's problems with an input, each on the form field it came from. */
function schemaProblems(
  validate: ValidateFunction,
  input: object,
  rows: { data: string[]; remove_data: string[] },
): Problems {
  if (validate(input)) return {}
  const problems: Problems = {}
  for (const error of validate.errors ?? []) {
    const [{ field, problem } = { field: 'body', problem: 'is invalid' }] = fieldProblems([error])
    const row = /^(data|remove_data)\[(\d+)\]/.exec(field)
    const id = row
      ? (rows[row[1] as 'data' | 'remove_data'][Number(row[2])] ?? 'form')
      : field === 'parent_id'
        ? 'parent'
        : TEXT_FIELDS.has(field)
          ? field
          : 'form'
    // Ajv's own words for a length ("must NOT have more than 300 characters") read as shouting.
    const limit = (error.params as { limit?: number }).limit
    const words = error.keyword === 'maxLength' ? `at most ${limit} characters, please` : problem
    problems[id] ??= id === 'form' ? `${field}: ${words}.` : `${words[0]!.toUpperCase()}${words.slice(1)}.`
  }
  return problems
}

// Factories with overrides and unique data, so each test owns its rows.
import type { TestApp } from './test-app.ts'

let counter = 0
export const unique = (prefix: string): string => `${prefix} ${process.pid}-${++counter}`

/** What the factories need of a test client: the test app, or a client of a server process. */
type Client = Pick<TestApp, 'request'>

export interface PlantInput {
  scientific_name?: string
  name?: string
  note?: string
  description?: string
  type?: string
  parent_id?: number | null
  data?: { key: string; value: string }[]
}

export async function createPlant(t: Client, overrides: PlantInput = {}): Promise<any> {
  const response = await t.request('POST', '/api/plants', {
    scientific_name: unique('Testus plantus'),
    name: unique('Test plant'),
    note: 'created by a test',
    ...overrides,
  })
  if (response.status !== 201) throw new Error(`createPlant: ${response.status} ${response.text}`)
  return response.body
}

export async function link(t: Client, from: number, to: number, type = 'companion-to', note = 'test link') {
  const response = await t.request('POST', `/api/plants/${from}/links`, { plant_id: to, type, note })
  if (response.status !== 201) throw new Error(`link: ${response.status} ${response.text}`)
  return response.body
}

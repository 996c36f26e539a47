// Recent changes: every edit across the database, newest first, a page at a time, for anyone to watch and
// for moderators to patrol; and a person's contributions, the same list for one account. An edit by a new
// account (younger than a week, or with fewer than 10 saves) is marked, so edits that may be vandalism are
// looked at first; the importer is no account and never new.
import { hasRole, type Role } from '../accounts/account.ts'
import { displayNameKey } from '../accounts/display-name.ts'
import type { Store } from '../db/store.ts'
import { notFound } from '../errors.ts'
import type { FieldChange } from '../plants/plant-changes.ts'
import { plantLink } from '../plants/plant.ts'
import { foldedPhrase } from '../search/words.ts'
import { differencesOf, type Difference } from './diff.ts'
import { referredPlants, type ReferredPlants } from './referred-plants.ts'
import * as repo from './recent-changes.repository.ts'
import { editSummaryOf, type EditSummary } from './revision.service.ts'

export const NEW_ACCOUNT_DAYS = 7
export const NEW_ACCOUNT_SAVES = 10
const RECENT_PAGE_SIZE = 50
/** A plant filter naming a common name many plants share still lists each one's edits. */
const MAX_NAMED_PLANTS = 100

type Viewer = { role: Role } | null

export interface RecentFilter {
  newAccounts?: boolean | undefined
  unpatrolled?: boolean | undefined
  /** A plant's common or scientific name, or its page address (slug). */
  plant?: string | undefined
  /** An author's display name. */
  author?: string | undefined
  /** Edits older than this one (an id from `older`). */
  before?: number | undefined
}

export interface RecentChange extends EditSummary {
  id: number
  plant: { id: number; name: string; link: string }
  differences: Difference[]
  by_new_account: boolean
}

export interface RecentChanges {
  changes: RecentChange[]
  /** Plants the differences refer to (link partners, parents). */
  plants: ReferredPlants
  /** `before` for the next, older page; null on the last. */
  older: number | null
  /** A plant or author filter that names nothing: the list is empty because of it. */
  unknown: 'plant' | 'author' | null
}

const newAccountRule = (now: number): repo.NewAccountRule => ({
  since: new Date(now - NEW_ACCOUNT_DAYS * 86_400_000).toISOString(),
  saves: NEW_ACCOUNT_SAVES,
})

export async function recentChanges(
  store: Store,
  filter: RecentFilter,
  viewer: Viewer,
  now = Date.now(),
): Promise<RecentChanges> {
  const plant = filter.plant?.trim()
  const author = filter.author?.trim()
  const plantIds = plant
    ? await repo.plantIdsNamed(store.reader, slugIn(plant), foldedPhrase(plant), MAX_NAMED_PLANTS)
    : null
  if (plantIds?.length === 0) return nothingFor('plant')
  let authorId: number | null = null
  if (author) {
    const person = await repo.findPerson(store.reader, displayNameKey(author))
    if (!person) return nothingFor('author')
    authorId = person.id
  }
  return listRecent(store, { ...filter, plantIds, authorId }, viewer, now)
}

/** Recent changes to these plants (a member's watchlist), newest first, a page at a time. */
export async function changesToPlants(
  store: Store,
  plantIds: number[],
  before: number | undefined,
  viewer: Viewer,
  now = Date.now(),
): Promise<RecentChanges> {
  if (plantIds.length === 0) return { changes: [], plants: new Map(), older: null, unknown: null }
  return listRecent(store, { before, plantIds, authorId: null }, viewer, now)
}

const nothingFor = (unknown: 'plant' | 'author'): RecentChanges => ({
  changes: [],
  plants: new Map(),
  older: null,
  unknown,
})

/** A person's page: who they are (never the email; a block's reason for moderators only) and their edits. */
export async function contributions(
  store: Store,
  name: string,
  before: number | undefined,
  viewer: Viewer,
  now = Date.now(),
) {
  const person = await repo.findPerson(store.reader, displayNameKey(name))
  if (!person) throw notFound(`The contributor ${name}`)
  const [edits, newcomers, list] = await Promise.all([
    repo.countRevisionsBy(store.reader, person.id),
    repo.whichAreNew(store.reader, [person.id], newAccountRule(now)),
    listRecent(store, { before, plantIds: null, authorId: person.id }, viewer, now),
  ])
  const moderator = hasRole(viewer, 'moderator')
  return {
    person: {
      id: person.id,
      name: person.name,
      role: person.role,
      joined: person.created_at,
      blocked: person.blocked_at !== null,
      blocked_reason: moderator ? person.blocked_reason : null,
      new_account: newcomers.has(person.id),
      edits,
    },
    ...list,
  }
}

async function listRecent(
  store: Store,
  filter: RecentFilter & { plantIds: number[] | null; authorId: number | null },
  viewer: Viewer,
  now: number,
): Promise<RecentChanges> {
  const rule = newAccountRule(now)
  // One more than a page tells whether there is an older page.
  const rows = await repo.recentRevisions(store.reader, {
    before: filter.before ?? null,
    limit: RECENT_PAGE_SIZE + 1,
    plantIds: filter.plantIds,
    authorId: filter.authorId,
    unpatrolled: filter.unpatrolled === true,
    newAccounts: filter.newAccounts ? rule : null,
  })
  const page = rows.slice(0, RECENT_PAGE_SIZE)
  const authors = [...new Set(page.flatMap((row) => (row.author_id === null ? [] : [Number(row.author_id)])))]
  const newcomers = filter.newAccounts
    ? new Set(authors)
    : await repo.whichAreNew(store.reader, authors, rule)
  const changes = page.map((row) => ({
    ...editSummaryOf(row, viewer),
    id: row.id,
    plant: { id: row.plant_id, name: row.plant_name, link: plantLink(row.plant_slug) },
    differences: differencesOf(JSON.parse(row.changes) as FieldChange[]),
    by_new_account: row.author_id !== null && newcomers.has(Number(row.author_id)),
  }))
  return {
    changes,
    plants: await referredPlants(
      store,
      changes.flatMap((change) => change.differences),
    ),
    older: rows.length > RECENT_PAGE_SIZE ? page.at(-1)!.id : null,
    unknown: null,
  }
}

/** A plant filter may be a page address pasted whole (…/plants/<slug>) or just its slug. */
function slugIn(text: string): string {
  const at = text.lastIndexOf('/plants/')
  return at < 0 ? text : text.slice(at + '/plants/'.length).split(/[?#/]/)[0]!
}

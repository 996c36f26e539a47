// Table types shared by both dialects. Timestamps are ISO 8601 strings in UTC with milliseconds on both:
// SQLite stores the text, PostgreSQL stores timestamptz and its driver is told to hand back the same text.
import type { ColumnType, Generated } from 'kysely'

interface AccountsTable {
  id: Generated<number>
  email: string
  /** The display name: shown as the author of the account's changes, unique by `name_key`. */
  name: string
  /** displayNameKey(name): folded for uniqueness, so names that only look alike are one name. */
  name_key: string
  /** argon2id; null for an account made with the CLI until `hortus accounts set-password`. */
  password_hash: string | null
  created_at: string
  role: ColumnType<Role, Role | undefined, Role>
  /** Set while the account is blocked: its keys are refused and it cannot log in. */
  blocked_at: ColumnType<string | null, string | null | undefined, string | null>
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>
  /** When the address was confirmed by the link mailed to it; null until then (only where mail is sent). */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>
}

export type Role = 'member' | 'moderator' | 'operator'

interface ApiKeysTable {
  id: Generated<number>
  key_id: string
  /** SHA-256 of the secret; secrets are 256-bit random, so a slow hash adds nothing but latency. */
  secret_hash: string
  last_four: string
  account_id: number
  label: string
  created_at: string
  revoked_at: string | null
  /** Recorded at most once a minute per key (see KeyVerifier). */
  last_used_at: string | null
  /** When the person accepted the non-commercial terms (keys made on the website). */
  terms_accepted_at: string | null
  /** When the operator approved the key for commercial use (`hortus keys approve-commercial`). */
  commercial_at: string | null
}

/** A logged-in browser. The cookie holds a random token; only its SHA-256 is stored. */
interface SessionsTable {
  token_hash: string
  account_id: number
  created_at: string
  expires_at: string
}

interface MailOutboxTable {
  id: Generated<number>
  to_address: string
  subject: string
  /** Plain text: every message has a plain-text part, and only that. */
  text_body: string
  created_at: string
  attempts: ColumnType<number, number | undefined, number>
  /** When it may be tried (again): its creation, then each refusal's backoff. */
  next_attempt_at: string
  /** While a sender works on it; another process takes it only after this. */
  locked_until: ColumnType<string | null, string | null | undefined, string | null>
  sent_at: ColumnType<string | null, string | null | undefined, string | null>
  /** Given up on (retried for a day): a failure the log reports. */
  failed_at: ColumnType<string | null, string | null | undefined, string | null>
  last_error: ColumnType<string | null, string | null | undefined, string | null>
}

interface EmailConfirmationsTable {
  /** The SHA-256 of the link's token. */
  token_hash: string
  account_id: number
  created_at: string
  expires_at: string
}

interface WatchesTable {
  account_id: number
  plant_id: number
  created_at: string
}

export type WatchMail = 'none' | 'instant' | 'daily'

interface WatchSettingsTable {
  account_id: number
  /** Mail about watched plants: none, at once (one per plant an hour at most), or a daily digest. */
  mail: WatchMail
  /** The site's address when the member chose (links in the mails, where HORTUS_PUBLIC_URL is unset). */
  site_url: string
  last_digest_at: string
}

interface WatchMailedTable {
  account_id: number
  plant_id: number
  mailed_at: string
}

interface UnsubscribeLinksTable {
  token_hash: string
  account_id: number
  created_at: string
}

interface FeedFollowersTable {
  /** Who follows the change feed: `watchlists`. */
  name: string
  /** The last revision read, as the feed orders them. */
  commit_seq: number
  revision_id: number
}

interface WebhooksTable {
  id: Generated<number>
  account_id: number
  url: string
  /** JSON: the event types it wants (`["plant.changed"]`). */
  events: string
  /** JSON: the plant ids it wants, or null for every plant. */
  plants: string | null
  /** The signing secret: kept as given, since every delivery is signed with it (see webhooks/README). */
  secret: string
  created_at: string
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>
}

interface WebhookDeliveriesTable {
  id: Generated<number>
  webhook_id: number
  /** The event's id, the same in every webhook's delivery of it: `chg_<cursor>`. */
  event_id: string
  payload: string
  created_at: string
  attempts: ColumnType<number, number | undefined, number>
  next_attempt_at: string
  locked_until: ColumnType<string | null, string | null | undefined, string | null>
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>
  failed_at: ColumnType<string | null, string | null | undefined, string | null>
}

interface WebhookAttemptsTable {
  id: Generated<number>
  delivery_id: number
  webhook_id: number
  attempted_at: string
  status: number | null
  duration_ms: number
  error: string | null
}

interface PasswordResetsTable {
  /** The SHA-256 of the link's token: the token itself is never stored. */
  token_hash: string
  account_id: number
  created_at: string
  expires_at: string
  used_at: ColumnType<string | null, string | null | undefined, string | null>
}

export interface PlantsTable {
  id: Generated<number>
  type: 'Plant' | 'Variety'
  scientific_name: string
  name: string
  parent_id: number | null
  slug: string
  version: number
  created_at: string
  updated_at: string
  /** The whole plant object as served, written in the same transaction as every change. */
  doc: string
}

/** One row per attribute value and per element of a comma-separated value, lower-cased: the facet index. */
interface PlantFacetsTable {
  plant_id: number
  key: string
  value: string
}

/** One row per number or range in an attribute value (attribute-numbers.ts): the range index. */
interface PlantNumbersTable {
  plant_id: number
  key: string
  low: number
  high: number
}

/** One row per sowing or planting window in a plant's attributes (plants/window-rows.ts): what
 * GET /calendar asks without reading a plant. */
export interface PlantWindowsTable {
  plant_id: number
  /** The window's place among the plant's windows, in the order of its data. */
  position: number
  action: 'sow_indoors' | 'sow_outdoors' | 'transplant' | 'plant'
  anchor: 'last' | 'first'
  /** Days from the frost: negative before it. */
  from_days: number
  to_days: number
  /** The attribute's words for the window. */
  note: string
}

/** A picture of a plant: its record stays when it is removed; its files go. */
export interface PlantImagesTable {
  id: Generated<number>
  plant_id: number
  author: string
  license: 'CC0-1.0' | 'CC-BY-4.0' | 'CC-BY-SA-4.0'
  source_url: string | null
  note: string
  uploader_id: number | null
  uploader: string
  width: number
  height: number
  created_at: string
  removed_at: string | null
  removed_by: string | null
  removed_note: string | null
}

/** The bytes of an image: the original (metadata stripped) and the sizes served. */
interface ImageFilesTable {
  image_id: number
  size: 'original' | 'thumb' | 'title'
  content_type: string
  etag: string
  data: Buffer
}

export interface PlantRevisionsTable {
  id: Generated<number>
  plant_id: number
  version: number
  note: string
  author_id: number | null
  author: string
  created_at: string
  /** JSON array of {field, from, to}. */
  changes: string
  /** The change feed's order: the same for every revision of one transaction, given as it commits. */
  commit_seq: ColumnType<number | string | null, number | undefined, number>
  /** A moderator looked at the edit and found it good (or dealt with it). */
  patrolled_at: ColumnType<string | null, never, string | null>
  patrolled_by: ColumnType<string | null, never, string | null>
  /** A moderator hid an abusive note from public view; moderators still see it. */
  note_hidden_at: ColumnType<string | null, never, string | null>
}

export interface ModerationLogTable {
  id: Generated<number>
  at: string
  moderator_id: number | null
  moderator: string
  action: string
  target: string
  reason: string
}

export interface PlantLinksTable {
  id: Generated<number>
  /** The pair is stored with the smaller id first, so a link is symmetric and unique in either direction. */
  plant_low: number
  plant_high: number
  type: 'companion-to' | 'antagonist-to'
  note: string
  author: string
  created_at: string
  removed_at: string | null
  removed_note: string | null
  removed_by: string | null
  /** The dataset source that brought the link (data_sources), or null when a person made it. */
  source_id: ColumnType<number | null, number | null | undefined, number | null>
}

/** A source of imported data, by the id its dataset file gives it (`usda-plants`). */
interface DataSourcesTable {
  id: Generated<number>
  slug: string
  name: string
  url: string | null
  license: string | null
}

/** Where an import's value came from (provenance.ts): the key's row, or `*`, the plant line's source. */
export interface ValueSourcesTable {
  plant_id: number
  key: string
  source_id: number | null
  /** For a value the file says a person saved on the Hortus it came from: who, and that plant's version. */
  saved_by: string | null
  saved_version: number | null
}

/** A pest or disease of a plant, as a dataset describes it. */
interface PlantProblemsTable {
  id: Generated<number>
  plant_id: number
  name: string
  type: 'pest' | 'disease'
  severity: string | null
  symptoms: string | null
  /** JSON array of strings: the measures, each a sentence. */
  management: string
  prevention: string | null
  source_id: number | null
}

/** The attribute registry: every key in use, with how many plants have it (kept by every save). */
interface AttributeKeysTable {
  /** normalizeFacet(key): what facets and GET /attributes/<key> match on. */
  key_norm: string
  /** The spelling shown, as first written. */
  key: string
  plants: number
  /** Of them, the plants whose value is a number or a range: most of them makes the key numeric. */
  number_plants: number
}

/** Every element of every value of a key, with how many plants have it (kept by every save). */
interface AttributeValuesTable {
  key_norm: string
  value_norm: string
  value: string
  plants: number
}

/** The search vocabulary: every indexed word, with how many plants have it anywhere and in a name. */
interface SearchWordsTable {
  word: string
  plants: number
  name_plants: number
}

/** Each vocabulary word under itself and its one-letter deletions: how typo candidates are found. */
interface SearchWordVariantsTable {
  variant: string
  word: string
}

/** Every name of every plant, folded (search-text.ts): kind 0 common or scientific name, 1 another name. */
interface SearchNamesTable {
  plant_id: number
  name: string
  kind: number
}

/** Requests per limit key in its current window, summed over every process (PostgreSQL; see
 * src/http/shared-limit-store.ts). */
interface RateLimitCountsTable {
  /** The limit's name and its subject, e.g. `requests:key:hk_…` or `auth-failures:address:10.0.0.1`. */
  key: string
  /** The window starts with the key's first request (in any process) and lasts the limit's window. */
  window_start: string
  window_end: string
  hits: number
}

/** One row: how many plants there are, kept by every insert (lists answer with it). */
interface PlantTotalTable {
  id: number
  plants: number | string
}

/** Every thousandth plant in id order (position 0, 1000, 2000…): where an offset page starts. */
interface PlantOffsetsTable {
  position: number
  id: number
}

/** The version of each input of what processes derive in memory ('attribute_registry': the phrase book's),
 * moved by the saves that change it (attribute.repository.ts). */
interface DerivedVersionsTable {
  name: string
  version: number
}

/** Which keys moved the attribute registry to each version ('' for all of them: an import), the last
 * thousand versions: what a process catching up reads again (attribute.repository.ts). */
interface RegistryChangesTable {
  version: number | string
  key_norm: string
}

/** `hortus mirror`: how far the copy of a remote Hortus (`source`, its base URL) has come. */
interface MirrorStateTable {
  source: string
  /** The source's change feed cursor applied up to; null before the first page. */
  cursor: string | null
  /** The feed position an export showed the plants at: revisions up to it are copied, the plants kept. */
  covered: string
  synced_at: string
}

/** The indexes a migration asked to have rebuilt, until the migrate step has (index-rebuilds.ts). */
interface IndexRebuildsTable {
  name: string
}

export interface Database {
  accounts: AccountsTable
  api_keys: ApiKeysTable
  sessions: SessionsTable
  mail_outbox: MailOutboxTable
  password_resets: PasswordResetsTable
  email_confirmations: EmailConfirmationsTable
  watches: WatchesTable
  watch_settings: WatchSettingsTable
  watch_mailed: WatchMailedTable
  unsubscribe_links: UnsubscribeLinksTable
  feed_followers: FeedFollowersTable
  webhooks: WebhooksTable
  webhook_deliveries: WebhookDeliveriesTable
  webhook_attempts: WebhookAttemptsTable
  plants: PlantsTable
  plant_facets: PlantFacetsTable
  plant_numbers: PlantNumbersTable
  plant_windows: PlantWindowsTable
  plant_images: PlantImagesTable
  image_files: ImageFilesTable
  plant_revisions: PlantRevisionsTable
  plant_links: PlantLinksTable
  attribute_keys: AttributeKeysTable
  attribute_values: AttributeValuesTable
  search_words: SearchWordsTable
  search_word_variants: SearchWordVariantsTable
  search_names: SearchNamesTable
  rate_limit_counts: RateLimitCountsTable
  plant_total: PlantTotalTable
  plant_offsets: PlantOffsetsTable
  derived_versions: DerivedVersionsTable
  registry_changes: RegistryChangesTable
  index_rebuilds: IndexRebuildsTable
  moderation_log: ModerationLogTable
  data_sources: DataSourcesTable
  value_sources: ValueSourcesTable
  plant_problems: PlantProblemsTable
  mirror_state: MirrorStateTable
}

// @hortus/client: a typed client for the Hortus plant API.
export {
  createHortusClient,
  keyHeaders,
  unwrap,
  type Attribute,
  type AttributeKey,
  type Change,
  type ChangeFeedPage,
  type HortusClient,
  type HortusClientOptions,
  type NewPlant,
  type NumberRange,
  type Plant,
  type PlantUpdate,
  type SearchParams,
  type SearchResult,
} from './client.ts'
export { ChangeFeed, type FollowOptions } from './change-feed.ts'
export {
  HortusError,
  NotAuthenticatedError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
  VersionMismatchError,
} from './errors.ts'
export { retryAfterSeconds, type RetryOptions } from './retry.ts'
export { parseWebhookEvent, verifyWebhookSignature, type WebhookEvent } from './webhooks.ts'
export type { components, operations, paths } from './schema.ts'

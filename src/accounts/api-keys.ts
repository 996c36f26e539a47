// API key pairs: a public key id and a random secret that is shown once and stored only as a hash.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db, Store } from '../db/store.ts'
import { accountOfRow, type Role, type VerifiedKey } from './account.ts'
import * as repo from './account.repository.ts'
import { ensureAccount, normalizeEmail } from './account.service.ts'

export interface KeyPair {
  key_id: string
  key_secret: string
}

// One-shot hashing: every API request hashes the secret it brings (a Hash object cost it a few µs more).
const hashSecret = (secret: string): Buffer => hash('sha256', secret, 'buffer')
/** How long a key's use waits to be written, with the others' of that moment. */
const USE_WRITE_DELAY_MS = 1000
// Compared against when the key id is unknown, so an unknown id costs the same time as a wrong secret.
const DECOY_HASH = hashSecret('decoy').toString('hex')

/** How many keys a start remembers before its first request (rememberRecentKeys). */
const RECENT_KEYS = 1000

const verifiedKeyOfRow = (row: {
  account_id: number | string | null
  email: string | null
  name: string | null
  role: Role | null
  created_at: string | null
  email_verified_at: string | null
  commercial_at: string | null
  blocked_at: string | null
}): VerifiedKey => ({
  account: accountOfRow({
    id: row.account_id!,
    email: row.email!,
    name: row.name!,
    role: row.role!,
    created_at: row.created_at!,
    email_verified_at: row.email_verified_at,
  }),
  commercial: row.commercial_at !== null,
  blocked: row.blocked_at !== null,
})

/** A key for the account with this email, created when there is none (the CLI, tests). */
export async function createKeyPair(
  store: Store,
  email: string,
  label = '',
  name?: string,
): Promise<KeyPair> {
  return store.transaction(async (tx) => issueKey(tx, await ensureAccount(tx, email, name), label, null))
}

/** A key made on the website by a logged-in person who accepted the non-commercial terms. */
export async function createAccountKey(store: Store, accountId: number, label: string): Promise<KeyPair> {
  return store.transaction((tx) => issueKey(tx, accountId, label, new Date().toISOString()))
}

async function issueKey(tx: Db, accountId: number, label: string, termsAcceptedAt: string | null) {
  const keyPair = {
    key_id: `hk_${randomBytes(12).toString('hex')}`,
    key_secret: randomBytes(32).toString('base64url'),
  }
  await repo.insertApiKey(tx, {
    key_id: keyPair.key_id,
    secret_hash: hashSecret(keyPair.key_secret).toString('hex'),
    last_four: keyPair.key_secret.slice(-4),
    account_id: accountId,
    label,
    created_at: new Date().toISOString(),
    terms_accepted_at: termsAcceptedAt,
  })
  return keyPair
}

export async function listKeys(store: Store, email: string | null) {
  return repo.listApiKeys(store.db, email === null ? null : normalizeEmail(email))
}

export async function keysOfAccount(store: Store, accountId: number) {
  return repo.listAccountKeys(store.db, accountId)
}

/** Revokes a key (only the account's own, when `accountId` is given); false when there was no such key. */
export async function revokeKey(
  store: Store,
  keyId: string,
  accountId: number | null = null,
): Promise<boolean> {
  return repo.revokeApiKey(store.db, keyId, new Date().toISOString(), accountId)
}

/** The operator's mark for a key that may be used commercially (`hortus keys approve-commercial`). */
export async function approveCommercialUse(store: Store, keyId: string): Promise<boolean> {
  return repo.markKeyCommercial(store.db, keyId, new Date().toISOString())
}

/** Verifies a key pair; remembers good keys for `cacheSeconds` so a read costs no extra query. A key
 * revoked (or approved for commercial use) in another process changes here when its cache entry expires. */
export class KeyVerifier {
  private readonly cache = new Map<string, { hash: Buffer; key: VerifiedKey; expires: number }>()
  /** When this process last wrote each key's last_used_at: at most once a minute per key. */
  private readonly usesRecorded = new Map<string, number>()
  /** Uses noted and not yet written (writeUses), each key's latest. */
  private readonly usesToWrite = new Map<string, string>()
  private writeTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly store: Store,
    private readonly cacheSeconds: number,
  ) {}

  async verify(keyId: string | undefined, secret: string | undefined): Promise<VerifiedKey | null> {
    if (!keyId || !secret || keyId.length > 100 || secret.length > 200) return null
    const given = hashSecret(secret)
    const cached = this.cache.get(keyId)
    if (cached && cached.expires > Date.now() && timingSafeEqual(cached.hash, given)) {
      this.recordUse(keyId)
      return cached.key
    }

    // Everything else is looked up, a wrong secret for a cached key too: answered from the cache it would
    // be refused faster than an unknown id, and the timing would tell which key ids exist.
    const row = await repo.findActiveKey(this.store.db, keyId)
    const stored = Buffer.from(row.secret_hash ?? DECOY_HASH, 'hex')
    if (!timingSafeEqual(stored, given) || row.secret_hash === null) {
      // A wrong secret leaves the key's entry for its owner; a revoked or unknown key has none.
      if (row.secret_hash === null) this.cache.delete(keyId)
      return null
    }
    const key = verifiedKeyOfRow(row)
    this.remember(keyId, stored, key)
    this.recordUse(keyId)
    return key
  }

  /** Remembers the keys used last (RECENT_KEYS), so that a client's first request after a start is not
   * also the one that looks its key up. */
  async rememberRecentKeys(): Promise<void> {
    if (this.cacheSeconds <= 0) return
    for (const row of await repo.recentKeys(this.store.db, RECENT_KEYS)) {
      if (row.secret_hash === null || this.cache.has(row.key_id)) continue
      this.remember(row.key_id, Buffer.from(row.secret_hash, 'hex'), verifiedKeyOfRow(row))
    }
  }

  /** A key that exists in this process only while `use` runs, for a start's warm-up, whose requests take
   * a client's way through the key check (warm-up.ts). Its account is no one's, and its use is not written. */
  async withProcessKey<T>(use: (pair: KeyPair) => Promise<T>): Promise<T> {
    const pair = {
      key_id: `process-${randomBytes(12).toString('hex')}`,
      key_secret: randomBytes(32).toString('base64url'),
    }
    const account = {
      id: 0,
      email: '',
      name: 'warm-up',
      role: 'member' as const,
      created_at: new Date().toISOString(),
      email_verified_at: null,
    }
    this.cache.set(pair.key_id, {
      hash: hashSecret(pair.key_secret),
      key: { account, commercial: false, blocked: false },
      expires: Infinity,
    })
    this.usesRecorded.set(pair.key_id, Infinity)
    try {
      return await use(pair)
    } finally {
      this.cache.delete(pair.key_id)
      this.usesRecorded.delete(pair.key_id)
    }
  }

  private remember(keyId: string, hash: Buffer, key: VerifiedKey): void {
    if (this.cacheSeconds <= 0) return
    if (this.cache.size > 10_000) this.cache.clear()
    this.cache.set(keyId, { hash, key, expires: Date.now() + this.cacheSeconds * 1000 })
  }

  /** Notes that the key was used: at most once a minute per key and process, the precision the keys page
   * shows, so that the API's reads do not all become writes. The time is written a moment later, with any
   * other key's, off the request's path: a write waits for the disk (2.5 ms on SQLite, which syncs each
   * commit), and it was a quarter of the first search after a start. */
  private recordUse(keyId: string): void {
    const now = Date.now()
    if (now - (this.usesRecorded.get(keyId) ?? 0) < 60_000) return
    if (this.usesRecorded.size > 10_000) this.usesRecorded.clear()
    this.usesRecorded.set(keyId, now)
    this.usesToWrite.set(keyId, new Date(now).toISOString())
    this.writeTimer ??= setTimeout(() => void this.writeUses(), USE_WRITE_DELAY_MS).unref()
  }

  /** Writes the uses not yet written, in one transaction. The keys page calls it before it reads them. */
  async writeUses(): Promise<void> {
    clearTimeout(this.writeTimer)
    this.writeTimer = undefined
    if (this.usesToWrite.size === 0) return
    const uses = [...this.usesToWrite]
    this.usesToWrite.clear()
    // A failed write (the database busy or read-only for a moment) only loses a "last used" time.
    await this.store
      .transaction(async (tx) => {
        for (const [keyId, at] of uses) await repo.recordKeyUse(tx, keyId, at)
      })
      .catch(() => {})
  }

  forget(keyId: string): void {
    this.cache.delete(keyId)
  }

  /** Drops the account's keys from this process's cache (a block takes effect here at once). */
  forgetAccount(accountId: number): void {
    for (const [keyId, entry] of this.cache) if (entry.key.account.id === accountId) this.cache.delete(keyId)
  }
}

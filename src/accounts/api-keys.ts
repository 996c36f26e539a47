// API key pairs: a public key id and a random secret that is shown once and stored only as a hash.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Store } from '../db/store.ts'
import { AppError } from '../errors.ts'
import type { Account } from './account.ts'
import * as repo from './account.repository.ts'

export interface KeyPair {
  key_id: string
  key_secret: string
}

const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest()
// Compared against when the key id is unknown, so an unknown id costs the same time as a wrong secret.
const DECOY_HASH = hashSecret('decoy')

export async function createKeyPair(store: Store, email: string, label = ''): Promise<KeyPair> {
  const normalizedEmail = email.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+$/.test(normalizedEmail)) {
    throw new AppError('validationFailed', `"${email}" is not an email address.`)
  }
  const keyPair = {
    key_id: `hk_${randomBytes(12).toString('hex')}`,
    key_secret: randomBytes(32).toString('base64url'),
  }
  await store.transaction(async (tx) => {
    const now = new Date().toISOString()
    const account = await repo.findAccountByEmail(tx, normalizedEmail)
    const accountId =
      account?.id ?? (await repo.insertAccount(tx, normalizedEmail, normalizedEmail.split('@')[0]!, now))
    await repo.insertApiKey(tx, {
      key_id: keyPair.key_id,
      secret_hash: hashSecret(keyPair.key_secret).toString('hex'),
      last_four: keyPair.key_secret.slice(-4),
      account_id: Number(accountId),
      label,
      created_at: now,
    })
  })
  return keyPair
}

export async function listKeys(store: Store, email: string | null) {
  return repo.listApiKeys(store.db, email?.trim().toLowerCase() ?? null)
}

export async function revokeKey(store: Store, keyId: string): Promise<boolean> {
  return repo.revokeApiKey(store.db, keyId, new Date().toISOString())
}

/** Verifies a key pair; remembers good keys for `cacheSeconds` so a read costs no extra query. A key
 * revoked in another process stops working when its cache entry expires. */
export class KeyVerifier {
  private readonly cache = new Map<string, { hash: Buffer; account: Account; expires: number }>()

  constructor(
    private readonly store: Store,
    private readonly cacheSeconds: number,
  ) {}

  async verify(keyId: string | undefined, secret: string | undefined): Promise<Account | null> {
    if (!keyId || !secret || keyId.length > 100 || secret.length > 200) return null
    const given = hashSecret(secret)
    const cached = this.cache.get(keyId)
    if (cached && cached.expires > Date.now())
      return timingSafeEqual(cached.hash, given) ? cached.account : null

    const row = await repo.findActiveKey(this.store.db, keyId)
    const stored = row ? Buffer.from(row.secret_hash, 'hex') : DECOY_HASH
    if (!timingSafeEqual(stored, given) || !row) {
      this.cache.delete(keyId)
      return null
    }
    const account = { id: Number(row.account_id), email: row.email, name: row.name }
    if (this.cacheSeconds > 0) {
      if (this.cache.size > 10_000) this.cache.clear()
      this.cache.set(keyId, { hash: stored, account, expires: Date.now() + this.cacheSeconds * 1000 })
    }
    return account
  }

  forget(keyId: string): void {
    this.cache.delete(keyId)
  }
}

// Passwords: argon2id with OWASP's recommended cost (19 MiB, 2 passes), computed on libuv's thread pool
// so a login never blocks other requests.
import argon2 from 'argon2'

export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 256

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS)

// Verified against when there is no account (or no password), so an unknown email costs the same time.
let decoy: Promise<string> | undefined

/** True when `password` matches `hash`; with no hash, spends the same time and answers false. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  decoy ??= hashPassword('not a password anyone has')
  const matches = await argon2.verify(hash ?? (await decoy), password)
  return matches && hash !== null
}

/** True when a stored hash was made with other settings than today's (it is rehashed at the next login). */
export const isOutdated = (hash: string): boolean => argon2.needsRehash(hash, OPTIONS)

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `at least ${PASSWORD_MIN_LENGTH} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `at most ${PASSWORD_MAX_LENGTH} characters`
  return null
}

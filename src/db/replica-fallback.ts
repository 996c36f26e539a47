// The pool behind `store.reader` when DATABASE_READ_URL names a replica: reads get a replica connection
// while the replica answers, and a primary connection while it cannot be reached (stopped, restarting,
// out of connections). The primary always has what the replica has, so a read served there is only
// fresher; the alternative would be a 503 for every read until the replica is back. The choice is made
// when a connection is taken from the pool, so a request pays nothing extra while the replica is up.
import type pg from 'pg'
import type { PostgresPool } from 'kysely'

/** After the replica failed, reads stay on the primary this long before the replica is tried again, so
 * that a replica that only times out does not cost every read the connection timeout. */
const PRIMARY_FOR_MS = 5_000

export class ReplicaWithFallback implements PostgresPool {
  /** 0 while reads go to the replica; else when to try the replica again. */
  private primaryUntil = 0

  constructor(
    private readonly replica: pg.Pool,
    private readonly primary: pg.Pool,
    /** True for errors that mean "cannot reach the replica now" (not, say, a wrong password). */
    private readonly unreachable: (error: unknown) => boolean,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
  ) {}

  async connect(): Promise<pg.PoolClient> {
    if (performance.now() < this.primaryUntil) return this.primary.connect()
    try {
      const client = await this.replica.connect()
      if (this.primaryUntil !== 0) {
        this.primaryUntil = 0
        this.warn('The read replica answers again: reads go to it.')
      }
      return client
    } catch (error) {
      if (!this.unreachable(error)) throw error
      if (this.primaryUntil === 0) {
        const reason = error instanceof Error ? error.message || error.name : String(error)
        this.warn(
          `The read replica cannot be reached (${reason}): reads go to the primary until it answers again.`,
        )
      }
      this.primaryUntil = performance.now() + PRIMARY_FOR_MS
      return this.primary.connect()
    }
  }

  /** The primary's pool is ended with the primary's Kysely instance. */
  end(): Promise<void> {
    return this.replica.end()
  }
}

// Whether a process that has just started has made what its first requests need at full speed (warm-up.ts).
// Until then GET /api/health answers 503 with Retry-After, as it does while the database is away, so that a
// load balancer, or anything waiting for the start, sends traffic once the process is ready. A request that
// comes anyway is answered: a search then hurries what it needs. An app that never listens (the tests'
// inject) is never starting.
export class Readiness {
  #starting = false
  #waiting: (() => void)[] = []

  get starting(): boolean {
    return this.#starting
  }

  /** The process listens and warms up; `ready` ends it, or WARM_UP_AT_MOST_MS, whichever comes first. */
  begin(): void {
    this.#starting = true
    setTimeout(() => this.ready(), WARM_UP_AT_MOST_MS).unref()
  }

  ready(): void {
    this.#starting = false
    for (const resolve of this.#waiting.splice(0)) resolve()
  }

  /** Resolves once the process is ready (at once when it is not starting). */
  whenReady(): Promise<void> {
    if (!this.#starting) return Promise.resolve()
    return new Promise((resolve) => this.#waiting.push(resolve))
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the process has warmed up since it started to listen. */
    readiness: Readiness
  }
}

/** A warm-up that takes longer (a machine under load) does not keep the process out of service. */
const WARM_UP_AT_MOST_MS = 10_000

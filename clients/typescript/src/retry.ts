// A fetch that retries 429 and 503 after the answer's Retry-After, a bounded number of times and never
// waiting longer than allowed; openapi-fetch sends every request through it.

export interface RetryOptions {
  /** Further attempts after a 429 or 503; 0 turns retrying off. Default 3. */
  maxRetries?: number
  /** The longest wait accepted, in seconds: a longer Retry-After is answered at once. Default 120. */
  maxWaitSeconds?: number
  /** Told before each wait: for logs, and for tests to see the retry. */
  onRetry?: (event: { attempt: number; waitSeconds: number; status: number; url: string }) => void
}

const RETRYABLE = new Set([429, 503])

/** Retry-After in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null): number | null {
  if (value === null || value.trim() === '') return null
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const when = Date.parse(value)
  return Number.isNaN(when) ? null : Math.max(0, (when - Date.now()) / 1000)
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener('abort', aborted)
      resolve()
    }
    function aborted() {
      clearTimeout(timer)
      reject(signal!.reason as Error)
    }
    signal?.addEventListener('abort', aborted, { once: true })
  })
}

export function retryingFetch(
  base: (request: Request) => Promise<Response>,
  { maxRetries = 3, maxWaitSeconds = 120, onRetry }: RetryOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: each attempt sends a copy.
      const response = await base(request.clone())
      if (!RETRYABLE.has(response.status) || attempt >= maxRetries) return response
      // Without Retry-After, back off 1, 2, 4… seconds.
      const wait = retryAfterSeconds(response.headers.get('retry-after')) ?? 2 ** attempt
      if (wait > maxWaitSeconds) return response
      await response.body?.cancel()
      onRetry?.({ attempt: attempt + 1, waitSeconds: wait, status: response.status, url: request.url })
      await sleep(wait * 1000, request.signal)
    }
  }
}

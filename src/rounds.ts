// A job in the background, a round every `everyMs` and never two at once: the mail sender, the watchlist
// notifier and the webhook deliverer each run one. Its timer keeps no process alive (a CLI command, a
// test), and stopping waits for the round in progress, so a closing server finishes what it began.
export class Rounds {
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null

  constructor(
    private readonly round: () => Promise<void>,
    private readonly everyMs: number,
  ) {}

  start(): void {
    if (this.timer) return
    this.timer = setInterval(() => void this.run(), this.everyMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  /** A round, unless one is under way: then that one. */
  private run(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null
    })
    return this.running
  }
}

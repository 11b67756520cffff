// The pushes the shell sent lately, numbered, so a page that opened on primed answers
// (primed-answers.ts) hears what was said between those answers and its socket: its socket
// asks for the pushes after the number its answers carry. Bounded in count and in age (a
// completed sync's push lists the ids it changed, tens of KB at 10,000 sites): a page that
// connects later than that is told to read everything again instead (shared/catch-up-pushes.ts).
import type { PushEvent } from '../shared'

export const PUSH_LOG_SIZE = 2_000
/** A page connects within moments of being served; one that takes longer reads everything again. */
export const PUSH_LOG_KEEP_MS = 60_000

export interface LoggedPush {
  event: PushEvent
  payload: unknown
}

export interface PushLogOptions {
  size?: number
  keepMs?: number
  now?: () => number
}

export class PushLog {
  private readonly entries: Array<LoggedPush & { at: number }> = []
  /** The number of the last push logged (0: none yet). */
  private last = 0
  private readonly size: number
  private readonly keepMs: number
  private readonly now: () => number

  constructor(options: PushLogOptions = {}) {
    this.size = options.size ?? PUSH_LOG_SIZE
    this.keepMs = options.keepMs ?? PUSH_LOG_KEEP_MS
    this.now = options.now ?? Date.now
  }

  /** The number of the last push sent. */
  seq(): number {
    return this.last
  }

  add(push: LoggedPush): void {
    this.last++
    this.entries.push({ ...push, at: this.now() })
    this.forgetOld()
  }

  /** The pushes after `seq`, oldest first; null when some of them are no longer kept (or `seq` is not one given out). */
  after(seq: number): LoggedPush[] | null {
    this.forgetOld()
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > this.last) return null
    const missed = this.last - seq
    if (missed > this.entries.length) return null
    return this.entries.slice(this.entries.length - missed).map(({ event, payload }) => ({ event, payload }))
  }

  private forgetOld(): void {
    const oldest = this.now() - this.keepMs
    let drop = Math.max(0, this.entries.length - this.size)
    while (drop < this.entries.length && this.entries[drop]!.at < oldest) drop++
    if (drop > 0) this.entries.splice(0, drop)
  }
}

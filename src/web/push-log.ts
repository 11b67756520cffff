// The pushes the shell sent lately, numbered, so a page that opened on primed answers
// (primed-answers.ts) hears what was said between those answers and its socket: its socket
// asks for the pushes after the number its answers carry. Bounded: a page that connects after
// more than this many pushes is told to read everything again instead (shared/catch-up-pushes.ts).
import type { PushEvent } from '../shared'

export const PUSH_LOG_SIZE = 2_000

export interface LoggedPush {
  event: PushEvent
  payload: unknown
}

export class PushLog {
  private readonly entries: LoggedPush[] = []
  /** The number of the last push logged (0: none yet). */
  private last = 0

  constructor(private readonly size = PUSH_LOG_SIZE) {}

  /** The number of the last push sent. */
  seq(): number {
    return this.last
  }

  add(push: LoggedPush): void {
    this.last++
    this.entries.push(push)
    if (this.entries.length > this.size) this.entries.shift()
  }

  /** The pushes after `seq`, oldest first; null when some of them are no longer kept (or `seq` is not one given out). */
  after(seq: number): LoggedPush[] | null {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq > this.last) return null
    const missed = this.last - seq
    if (missed > this.entries.length) return null
    return this.entries.slice(this.entries.length - missed)
  }
}

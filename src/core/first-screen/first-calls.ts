// What a window reads first, remembered for the next one (DESIGN.md, "The first screen first"):
// the reads each page makes while it opens, before the person's first key or click (the
// accounts, the remembered view, the first window of rows and so on; the web shell's page
// marks them, web/protocol.ts's `opening`, and the desktop preload sends them), are written
// down, and the next time a page opens core answers them ahead (answers-ahead.ts). Only reads
// with no effect are kept (shared/first-screen.ts), so answering one ahead can never do what
// the person did not ask for. The list is kept in the data folder, one file per shell, so a
// restarted app opens its first page as fast as the last.
import { readFileSync } from 'node:fs'
import { FIRST_CALLS_WINDOW_MS, OpeningCalls, readFirstCalls, type FirstCall } from '../../shared/first-screen'
import { writeFileAtomic } from '../../node-utils/atomic-write'
import { silentLogger, type Logger } from '../util/logger'
import { errorFields } from '../logging/redaction'

export { FIRST_CALLS_WINDOW_MS, MAX_FIRST_CALLS, PRIMABLE_CHANNELS, type FirstCall } from '../../shared/first-screen'

export interface FirstCallWatch {
  /** A call the page made while opening. */
  note(channel: string, input: unknown): void
  /** The page is done opening (its socket closed). */
  end(): void
}

export interface FirstCallsOptions {
  /** Where the list is kept between runs; null keeps it in memory only. */
  file: string | null
  logger?: Logger
  windowMs?: number
}

export class FirstCalls {
  private list: FirstCall[]
  private readonly logger: Logger
  private readonly windowMs: number

  constructor(private readonly options: FirstCallsOptions) {
    this.logger = options.logger ?? silentLogger
    this.windowMs = options.windowMs ?? FIRST_CALLS_WINDOW_MS
    this.list = options.file === null ? [] : readList(options.file, this.logger)
  }

  /** The first calls of the last page that made any. */
  calls(): readonly FirstCall[] {
    return this.list
  }

  /**
   * Starts watching one page: it is told each call the page marked as made while opening,
   * and once the page is done opening (the window has passed, the list is full or the page
   * went: `end`) what it saw becomes the list.
   */
  watch(): FirstCallWatch {
    const seen = new OpeningCalls()
    let open = true
    const end = (): void => {
      if (!open) return
      open = false
      clearTimeout(timer)
      const calls = seen.calls()
      if (calls.length > 0) this.keep(calls)
    }
    const timer = setTimeout(end, this.windowMs)
    timer.unref?.()
    return {
      note: (channel, input) => {
        if (open && seen.note(channel, input)) end()
      },
      end,
    }
  }

  /** The calls one page made while opening, told all at once (the desktop preload's list), become the list. */
  keepAll(calls: readonly FirstCall[]): void {
    const watch = this.watch()
    for (const call of calls) watch.note(call.channel, call.input)
    watch.end()
  }

  private keep(calls: FirstCall[]): void {
    const text = JSON.stringify(calls)
    if (text === JSON.stringify(this.list)) return
    this.list = calls
    if (this.options.file === null) return
    writeFileAtomic(this.options.file, text).catch((error: unknown) => {
      // Only the next open's head start is lost; the page itself works as before.
      this.logger.warn("Could not keep the page's first calls", { error: errorFields(error) })
    })
  }
}

/** The kept list, or none when the file is missing or not one (a head start is never worth an error). */
function readList(file: string, logger: Logger): FirstCall[] {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  try {
    const value: unknown = JSON.parse(text)
    if (!Array.isArray(value)) throw new Error('not a list')
    return readFirstCalls(value)
  } catch (error) {
    logger.warn("The page's first calls could not be read; the next page starts without them", { error: errorFields(error) })
    return []
  }
}

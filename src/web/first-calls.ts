// What a page reads first, remembered for the next page (DESIGN.md, "The first screen first"):
// the reads each page makes while it opens, before the person's first key or click (the
// accounts, the remembered view, the first window of rows and so on; the page marks them,
// web/protocol.ts's `opening`), are written down, and the next time the page is served core answers
// them ahead (primed-answers.ts). Only reads with no effect are kept, so answering one ahead
// can never do what the person did not ask for. The list is kept in the data folder, so a
// restarted shell opens its first page as fast as the last.
import { readFileSync } from 'node:fs'
import type { RequestChannel } from '../shared'
import { writeFileAtomic } from '../node-utils/atomic-write'
import { silentLogger, type Logger } from '../core/util/logger'
import { errorFields } from '../core/logging/redaction'
import { callKey } from './protocol'

/** Reads that change nothing and depend on nothing but their input and the store. */
export const PRIMABLE_CHANNELS: ReadonlySet<string> = new Set<RequestChannel>([
  'app:info',
  'app:notices',
  'accounts:list',
  'settings:get',
  'prefs:get',
  'workspace:scope',
  'sites:query',
  'sync:states',
  'health:scope',
  'health:settings',
  'events:query',
  'history:trend',
  'report:templates',
])

/** How long after a page's socket opens its opening calls are noted at most (a page left untouched keeps reading). */
export const FIRST_CALLS_WINDOW_MS = 3_000
/** At most this many first calls are kept (a page that reads more is not opening any more). */
export const MAX_FIRST_CALLS = 24

export interface FirstCall {
  channel: string
  input?: unknown
}

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
   * Starts watching one page's socket: it is told each call the page marked as made while
   * opening, and once the page is done opening (the window has passed, the list is full or the
   * socket closed: `end`) what it saw becomes the list.
   */
  watch(): FirstCallWatch {
    const seen: FirstCall[] = []
    // A call made again (the view reading its rows anew after a sync) is primed once.
    const keys = new Set<string>()
    let open = true
    const end = (): void => {
      if (!open) return
      open = false
      clearTimeout(timer)
      if (seen.length > 0) this.keep(seen)
    }
    const timer = setTimeout(end, this.windowMs)
    timer.unref?.()
    return {
      note: (channel, input) => {
        if (!open || !PRIMABLE_CHANNELS.has(channel)) return
        const key = callKey(channel, input)
        if (keys.has(key)) return
        keys.add(key)
        seen.push(input === undefined ? { channel } : { channel, input })
        if (seen.length >= MAX_FIRST_CALLS) end()
      },
      end,
    }
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
    return value
      .filter((call): call is FirstCall => typeof call === 'object' && call !== null && typeof (call as FirstCall).channel === 'string')
      .filter((call) => PRIMABLE_CHANNELS.has(call.channel))
      .slice(0, MAX_FIRST_CALLS)
  } catch (error) {
    logger.warn("The page's first calls could not be read; the next page starts without them", { error: errorFields(error) })
    return []
  }
}

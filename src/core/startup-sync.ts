// When the start-up sync begins. Every account syncs at start (after --demo has made its
// account) and then on the interval; but only once the window has its first read of the store
// (the scope summary or rows) and a moment more for the window to draw it, or after a moment if
// no window asks: a sync of thousands of pages keeps core busy, and the app must open with what
// it knows first.
import type { ChannelHandlers, RequestChannel } from '../shared'

/** The start-up sync begins after the window's first read is served, or after this at the latest. */
export const SYNC_START_DELAY_MS = 3_000
/**
 * How long after the window's first read: the window draws it first. Begun at once, the sync's
 * own start-up work (the HTTP client loaded, tokens read: about 150 ms in core's profile) held
 * up the page's scripts, which the web shell serves from the same thread.
 */
export const AFTER_FIRST_READ_MS = 1_000

/** The channels a window opens with: the first answer of any of them starts the start-up sync. */
const FIRST_READ_CHANNELS = ['workspace:scope', 'sites:query'] as const satisfies readonly RequestChannel[]

export interface StartupSyncOptions {
  /** Settles when start-up work (opening the demo with --demo) is done. */
  ready: Promise<void>
  /** Starts the sync engine (every account now, then the interval). */
  start: () => void
  /** false: no sync at start (tests that drive syncs themselves). */
  enabled: boolean
  delayMs?: number
  afterReadMs?: number
}

export interface StartupSync {
  /** The handlers, with the first-read channels starting the sync once their answer is out. */
  watchFirstRead(handlers: ChannelHandlers): ChannelHandlers
  /** Core is closing: the sync does not start. */
  stop(): void
}

export function startupSync(options: StartupSyncOptions): StartupSync {
  let stopped = false
  const startSyncing = once(() => void options.ready.then(() => (stopped ? undefined : options.start())))
  const timer = options.enabled ? setTimeout(startSyncing, options.delayMs ?? SYNC_START_DELAY_MS) : undefined
  timer?.unref?.()
  let afterRead: ReturnType<typeof setTimeout> | undefined
  const firstReadServed = (): void => {
    if (timer === undefined || afterRead !== undefined) return
    clearTimeout(timer)
    afterRead = setTimeout(startSyncing, options.afterReadMs ?? AFTER_FIRST_READ_MS)
    afterRead.unref?.()
  }
  return {
    watchFirstRead(handlers) {
      const reads = { ...handlers } as Record<RequestChannel, AnyHandler>
      for (const channel of FIRST_READ_CHANNELS) reads[channel] = afterAnswer(reads[channel], firstReadServed)
      return reads as ChannelHandlers
    },
    stop() {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      if (afterRead !== undefined) clearTimeout(afterRead)
    },
  }
}

type AnyHandler = (input: unknown) => Promise<unknown>

/** The handler, calling `then` once its answer is ready (whatever it is). */
function afterAnswer(handler: AnyHandler, then: () => void): AnyHandler {
  return async (input) => {
    const answer = await handler(input)
    then()
    return answer
  }
}

/** A function that runs `work` the first time it is called, and does nothing after. */
function once(work: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    work()
  }
}

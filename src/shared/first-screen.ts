// The head start both shells give a window's first screen (DESIGN.md, "The first screen
// first"), the parts every process agrees on: which reads a page makes while it opens are
// noted (before the person's first key or click; only reads with no effect), how a call is
// keyed, and the page's book of answers core made to them ahead, each answering its call once
// and only while what it says still holds. The web shell's bridge (web/browser) and the
// desktop preload both use the book; core keeps the notes (core/first-screen). Not in the
// index: the renderer never needs it. No Node, no DOM.
import type { PushEvent, RequestChannel } from './channels'
import type { Result } from './errors'

/** One call as a string, the same at every end: its channel and its input as JSON. */
export function callKey(channel: string, input: unknown): string {
  return input === undefined ? channel : `${channel} ${JSON.stringify(input)}`
}

/** callKey, or null for an input JSON cannot carry (a cycle, a BigInt): such a call is never primed. */
function keyOf(channel: string, input: unknown): string | null {
  try {
    return callKey(channel, input)
  } catch {
    return null
  }
}

/** The channel a callKey was made from. */
function channelOfKey(key: string): string {
  const space = key.indexOf(' ')
  return space === -1 ? key : key.slice(0, space)
}

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

/** How long after a page starts its opening calls are noted at most (a page left untouched keeps reading). */
export const FIRST_CALLS_WINDOW_MS = 3_000
/** At most this many first calls are kept (a page that reads more is not opening any more). */
export const MAX_FIRST_CALLS = 24
/** The page's events that end its opening: the person's first key, click or typing. */
export const OPENING_ENDS_ON = ['keydown', 'pointerdown', 'input'] as const

export interface FirstCall {
  channel: string
  input?: unknown
}

/** The first calls one page made while opening: reads only, once each, up to MAX_FIRST_CALLS. */
export class OpeningCalls {
  private readonly seen: FirstCall[] = []
  // A call made again (the view reading its rows anew after a sync) is primed once.
  private readonly keys = new Set<string>()

  /** Notes a call; answers whether the list is full now. */
  note(channel: string, input: unknown): boolean {
    if (this.full() || !PRIMABLE_CHANNELS.has(channel)) return this.full()
    const key = keyOf(channel, input)
    if (key === null || this.keys.has(key)) return false
    this.keys.add(key)
    this.seen.push(input === undefined ? { channel } : { channel, input })
    return this.full()
  }

  full(): boolean {
    return this.seen.length >= MAX_FIRST_CALLS
  }

  calls(): FirstCall[] {
    return [...this.seen]
  }
}

/**
 * The first calls in a value read from elsewhere (a kept file, another process): the entries
 * that are calls on a primable channel, up to MAX_FIRST_CALLS; none when it is not a list.
 */
export function readFirstCalls(value: unknown): FirstCall[] {
  if (!Array.isArray(value)) return []
  const calls = new OpeningCalls()
  for (const call of value as unknown[]) {
    if (typeof call !== 'object' || call === null || typeof (call as FirstCall).channel !== 'string') continue
    calls.note((call as FirstCall).channel, (call as FirstCall).input)
  }
  return calls.calls()
}

/** Pushes that say what any primed answer said may no longer be so. */
export const DATA_PUSHES: ReadonlySet<PushEvent> = new Set<PushEvent>(['accounts:changed', 'workspace:changed', 'health:changed', 'attention:summary'])

/**
 * Pushes that say what the answers of some reads said may no longer be so. The web shell's
 * page hears the pushes sent since its answers were made (?since=) and reads again on them; a
 * desktop window cannot hear what was pushed before its preload ran, so its answers are
 * dropped on these as well.
 */
export const CHANNEL_PUSHES: Readonly<Partial<Record<PushEvent, readonly RequestChannel[]>>> = {
  'sync:state': ['sync:states'],
  'events:new': ['events:query', 'history:trend'],
  'app:notice': ['app:notices'],
}

/** Every push after which some primed answer is dropped. */
export const SPOILING_PUSHES: readonly PushEvent[] = [...DATA_PUSHES, ...(Object.keys(CHANNEL_PUSHES) as PushEvent[])]

/** [callKey(channel, input), core's answer] */
export type PrimedAnswer = [string, Result<unknown>]

/**
 * Core's answers to a page's first calls, made ahead. Each answers its call once, the first
 * time the page makes it; every later call (or one that was not primed) goes to core as ever.
 * They say how things were when they were made, so they are used only while that is still
 * true: the book closes for good once the page is done opening or a push says data changed.
 */
export class PrimedAnswerBook {
  private readonly answers = new Map<string, Result<unknown>>()
  private closed = false
  /** Channels a push has spoiled: their answers, even those still to come, are dropped. */
  private readonly spoiled = new Set<string>()

  constructor(answers: Iterable<PrimedAnswer> = []) {
    for (const [key, answer] of answers) this.add(key, answer)
  }

  /** One more answer, unless the book is closed or a push has spoiled its channel. */
  add(key: string, answer: Result<unknown>): void {
    if (!this.closed && !this.spoiled.has(channelOfKey(key))) this.answers.set(key, answer)
  }

  /** The primed answer of this call, once; undefined when there is none (left). */
  take(channel: string, input: unknown): Result<unknown> | undefined {
    // Most calls after the first screen: no key is made once the book is empty.
    if (this.answers.size === 0) return undefined
    const key = keyOf(channel, input)
    if (key === null) return undefined
    const answer = this.answers.get(key)
    if (answer !== undefined) this.answers.delete(key)
    return answer
  }

  /** A push was heard: the answers it may have made untrue are dropped (all of them for DATA_PUSHES). */
  heard(event: PushEvent): void {
    if (DATA_PUSHES.has(event)) return this.close()
    for (const channel of CHANNEL_PUSHES[event] ?? []) {
      this.spoiled.add(channel)
      for (const key of [...this.answers.keys()]) if (channelOfKey(key) === channel) this.answers.delete(key)
    }
  }

  /** No primed answer is used any more (they may be out of date). */
  close(): void {
    this.closed = true
    this.answers.clear()
  }

  /** The answers not taken yet. */
  left(): PrimedAnswer[] {
    return [...this.answers]
  }
}

/** Whether a value is a list of primed answers, as main hands them to the desktop preload. */
export function isPrimedAnswerList(value: unknown): value is PrimedAnswer[] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry: unknown) =>
        Array.isArray(entry) &&
        typeof entry[0] === 'string' &&
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        typeof (entry[1] as { ok?: unknown }).ok === 'boolean',
    )
  )
}

// The desktop app's own IPC for its head start, between main and the preload only: never part
// of window.api (the page cannot name a channel), and main answers only its window's main frame.
/** The preload asks main for the answers core made to the window's kept first calls (invoke; answers PrimedAnswer[]). */
export const FIRST_SCREEN_ANSWERS_CHANNEL = 'first-screen:answers'
/** The preload tells main the calls its page made while opening (invoke with FirstCall[]; answers nothing). */
export const FIRST_SCREEN_CALLS_CHANNEL = 'first-screen:calls'

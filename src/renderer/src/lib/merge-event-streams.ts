// Several accounts' event feeds as one, newest first. Core answers each account's events in
// keyset slices (newest first by time, then id); the All accounts scope reads each account
// with its own cursor and lays the streams together here. Only the part that is certain is
// shown: an event is listed once no unread event of another account can come before it, so
// the merged list never has an event slip in above rows already shown when more is read.
// Pure, so the merge is tested without the app.
import type { EventCursor, SiteEvent } from '../../../shared'
import { eventTimeMs } from '../../../shared/event-time'

/** An event with the account it belongs to: event ids are only unique within an account. */
export interface AccountEvent extends SiteEvent {
  accountId: string
}

/** One account's part of a merged feed: what is read of it so far. */
export interface EventStream {
  accountId: string
  /** Newest first, as core answered them. */
  events: readonly SiteEvent[]
  /** Where its next slice starts; null once everything matching was read. */
  next: EventCursor | null
  /** How many of its stored events match. */
  total: number
}

export interface MergedEvents {
  /** Newest first across accounts; ties in time by account id, then newest id. */
  events: AccountEvent[]
  /** All accounts' matching events together. */
  total: number
  /** Some account has events not read yet. */
  hasMore: boolean
  /** Per account, how many of its read events are held back (not yet certain of their place). */
  heldBack: Record<string, number>
}

/** The key of an event across accounts: for lists, selections and "new" marks. */
export function eventKey(event: AccountEvent): string {
  return `${event.accountId}:${event.id}`
}

const timeCache = new WeakMap<SiteEvent, number>()

/** The event's time in ms (an unreadable time sorts oldest, as in core's store). */
export function eventTime(event: SiteEvent): number {
  let ms = timeCache.get(event)
  if (ms === undefined) {
    // The store's own reading of a time (an hours-only offset such as +02 included), so the
    // merge orders events exactly as each account's feed was paged.
    ms = eventTimeMs(event.created_at)
    timeCache.set(event, ms)
  }
  return ms
}

/** Negative when a comes first (is newer) in the merged order. */
export function compareAccountEvents(a: AccountEvent, b: AccountEvent): number {
  return eventTime(b) - eventTime(a) || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0) || b.id - a.id
}

/**
 * May `event` of its account be listed, given another stream that has more to read? Its
 * unread events are at most as new as its last read one: they come before `event` only at a
 * later or equal time (equal times order by account id).
 */
function certainBefore(event: AccountEvent, stream: EventStream, last: SiteEvent | undefined): boolean {
  if (stream.next === null || stream.accountId === event.accountId) return true
  // Nothing read of it yet but more to come: anything of it may be newer.
  if (!last) return false
  const diff = eventTime(event) - eventTime(last)
  return diff > 0 || (diff === 0 && event.accountId < stream.accountId)
}

// The same event object keeps the same tagged copy from one merge to the next, so a list that
// re-merges after each slice does not hand every row a new object (and redraw it).
const tagged = new WeakMap<SiteEvent, AccountEvent>()
function withAccount(event: SiteEvent, accountId: string): AccountEvent {
  let copy = tagged.get(event)
  if (!copy || copy.accountId !== accountId) tagged.set(event, (copy = { ...event, accountId }))
  return copy
}

export function mergeEventStreams(streams: readonly EventStream[]): MergedEvents {
  const all: AccountEvent[] = []
  for (const stream of streams) for (const event of stream.events) all.push(withAccount(event, stream.accountId))
  all.sort(compareAccountEvents)
  const lasts = new Map(streams.map((s) => [s.accountId, s.events.at(-1)]))
  const open = streams.filter((s) => s.next !== null)
  const events: AccountEvent[] = []
  for (const event of all) {
    // Sorted: once one event must wait, every later one waits too.
    if (!open.every((stream) => certainBefore(event, stream, lasts.get(stream.accountId)))) break
    events.push(event)
  }
  const heldBack: Record<string, number> = {}
  for (const stream of streams) heldBack[stream.accountId] = stream.events.length
  for (const event of events) heldBack[event.accountId] = (heldBack[event.accountId] ?? 0) - 1
  return {
    events,
    total: streams.reduce((sum, s) => sum + s.total, 0),
    hasMore: open.length > 0 || events.length < all.length,
    heldBack,
  }
}

/**
 * Which streams to read the next slice of, so that "more" shows more: every stream with
 * more whose held-back events are fewer than a slice (the stream that holds the others back
 * has none held back itself, so at least one stream is always read).
 */
export function streamsToRead(streams: readonly EventStream[], merged: MergedEvents, slice: number): string[] {
  const open = streams.filter((s) => s.next !== null)
  const wanted = open.filter((s) => (merged.heldBack[s.accountId] ?? 0) < slice).map((s) => s.accountId)
  if (wanted.length > 0 || open.length === 0) return wanted
  // Every open stream holds a slice back (ties in time): read the one read least far.
  const furthest = open.reduce((a, b) => (eventTime(lastOf(a)) >= eventTime(lastOf(b)) ? a : b))
  return [furthest.accountId]
}

const NO_EVENT = { created_at: '' } as SiteEvent
function lastOf(stream: EventStream): SiteEvent {
  return stream.events.at(-1) ?? NO_EVENT
}

// The events feed as a CSV file: every stored event matching the view's filters, read from
// core in keyset pages (the store answers at most 500 per call), newest first. Pure apart from
// the one function it is given to read a page, so it is tested without the app.
import type { EventCursor, EventQuery, EventSlice, Result, ScopedEvent } from '../../../shared'
import { toCsv } from './csv'

export const EVENT_PAGE_SIZE = 500
export const EVENT_CSV_HEADER = ['Time', 'Site id', 'Site name', 'Type', 'Category', 'Message'] as const

/** Site names are as core stores them now ('' for a site it no longer holds). */
export function eventsToCsv(events: readonly ScopedEvent[]): string {
  return toCsv(
    EVENT_CSV_HEADER,
    events.map((e) => [isoTime(e.created_at), String(e.site_id), e.siteName ?? '', e.type, e.category, e.message]),
  )
}

export const ACCOUNT_EVENT_CSV_HEADER = ['Time', 'Account', 'Site id', 'Site name', 'Type', 'Category', 'Message'] as const

/** Events of a scope of several accounts (the All accounts scope's feed), each row naming its account. */
export function accountEventsToCsv(events: readonly ScopedEvent[], accountLabel: (accountId: string) => string): string {
  return toCsv(
    ACCOUNT_EVENT_CSV_HEADER,
    events.map((e) => [
      isoTime(e.created_at),
      accountLabel(e.accountId),
      String(e.site_id),
      e.siteName ?? '',
      e.type,
      e.category,
      e.message,
    ]),
  )
}

/** The time in ISO 8601 (UTC), as the API gives it; a value that is not a date is kept as written. */
function isoTime(value: string): string {
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? value : at.toISOString()
}

export type ReadPage = (query: EventQuery) => Promise<Result<EventSlice>>

/**
 * Reads every matching event, page after page; `onProgress(read, total)` after each page.
 * Stops early (answering what it has, with cancelled true) when `cancelled()` turns true.
 */
export async function readAllEvents(
  query: Omit<EventQuery, 'after' | 'limit'>,
  readPage: ReadPage,
  onProgress: (read: number, total: number) => void = () => {},
  cancelled: () => boolean = () => false,
): Promise<Result<{ events: ScopedEvent[]; cancelled: boolean }>> {
  const events: ScopedEvent[] = []
  let after: EventCursor | undefined
  for (;;) {
    if (cancelled()) return { ok: true, value: { events, cancelled: true } }
    const page = await readPage({ ...query, limit: EVENT_PAGE_SIZE, ...(after ? { after } : {}) })
    // Stopped while this page was read: the person no longer wants the file, even if complete.
    if (cancelled()) return { ok: true, value: { events, cancelled: true } }
    if (!page.ok) return page
    events.push(...page.value.events)
    onProgress(events.length, Math.max(page.value.total, events.length))
    if (page.value.next === null || page.value.events.length === 0) return { ok: true, value: { events, cancelled: false } }
    after = page.value.next
  }
}

/** "events-agency-2026-11-23.csv" */
export function eventsFileName(accountPart: string, day: string): string {
  return `events-${accountPart}-${day}.csv`
}

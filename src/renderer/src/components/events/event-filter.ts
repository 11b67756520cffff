// The events view's filter as the person sets it, and how it becomes a feed query: days from
// the date inputs become the start and end of those days in the person's time zone.
import type { RowKey } from '../../../../shared'
import type { FeedQuery } from '../../stores/events'

export interface EventFilter {
  /** Full text over messages and site names. */
  text: string
  type: string | null
  /** One site's events, by its key (`accountId:siteId`, any account of the scope). */
  site: RowKey | null
  /** Days as the date inputs give them (YYYY-MM-DD), inclusive. */
  from: string | null
  to: string | null
}

export const NO_EVENT_FILTER: EventFilter = { text: '', type: null, site: null, from: null, to: null }

/** How long typing must pause before the search runs. */
export const SEARCH_DELAY_MS = 150

export function isFilteringEvents(filter: EventFilter): boolean {
  return filter.text.trim() !== '' || filter.type !== null || filter.site !== null || filter.from !== null || filter.to !== null
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A YYYY-MM-DD day at local midnight (start) or its last millisecond (end), as ISO; null if not a day. */
export function dayBoundary(day: string | null, edge: 'start' | 'end'): string | null {
  const match = day ? DAY.exec(day) : null
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const at = edge === 'start' ? new Date(year, month, date) : new Date(year, month, date, 23, 59, 59, 999)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

export function isDay(value: string | null): value is string {
  return value !== null && dayBoundary(value, 'start') !== null
}

/** The feed query for a filter; a site's page passes its site instead. */
export function feedQueryOf(filter: EventFilter): FeedQuery {
  const query: FeedQuery = {}
  if (filter.site !== null) query.site = filter.site
  if (filter.type !== null) query.types = [filter.type]
  const from = dayBoundary(filter.from, 'start')
  const to = dayBoundary(filter.to, 'end')
  if (from) query.from = from
  if (to) query.to = to
  if (filter.text.trim() !== '') query.text = filter.text.trim()
  return query
}

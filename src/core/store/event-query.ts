// An EventQuery as SQL over the events table: newest first by (created_ms, id), keyset paged,
// filtered, and full-text searched through events_fts. Only the shape of the SQL depends on
// which filters are present (values are always bound), so there are few distinct statements
// and the store can keep each one prepared.
import type { EventQuery } from '../../shared'
import { appError } from '../errors'
import { eventTimeMs, isoToEpochMs } from '../../shared/event-time'
import { ftsMatchExpression } from './fts-query'

export const DEFAULT_EVENT_LIMIT = 50
export const MAX_EVENT_LIMIT = 500

export interface EventQuerySql {
  /** Selects json of at most limit + 1 rows (the extra row tells whether there is a next slice). */
  slice: { sql: string; params: unknown[] }
  /** Counts every matching event, whatever the cursor. */
  count: { sql: string; params: unknown[] }
  limit: number
}

export function clampEventLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_EVENT_LIMIT
  return Math.min(MAX_EVENT_LIMIT, Math.max(1, Math.trunc(limit)))
}

export function eventQuerySql(query: EventQuery): EventQuerySql {
  const where: string[] = ['e.account_id = ?']
  const params: unknown[] = [query.accountId]

  if (query.siteId !== undefined) {
    where.push('e.site_id = ?')
    params.push(query.siteId)
  }
  if (query.types !== undefined && query.types.length > 0) {
    // One statement for any number of types: the list travels as one JSON parameter.
    where.push('e.type IN (SELECT value FROM json_each(?))')
    params.push(JSON.stringify(query.types))
  }
  if (query.from !== undefined) {
    where.push('e.created_ms >= ?')
    params.push(boundMs(query.from, 'from'))
  }
  if (query.to !== undefined) {
    where.push('e.created_ms <= ?')
    params.push(boundMs(query.to, 'to'))
  }
  const match = query.text === undefined ? null : ftsMatchExpression(query.accountId, query.text)
  // Only a search (no other filter): the index alone counts the matches, since it knows each
  // event's account. Otherwise the count walks the narrowest events index and probes the matches.
  const countOnlyInIndex = match !== null && where.length === 1
  if (match !== null) {
    where.push('e.seq IN (SELECT rowid FROM events_fts WHERE events_fts MATCH ?)')
    params.push(match)
  }

  const count = countOnlyInIndex
    ? { sql: 'SELECT count(*) FROM events_fts WHERE events_fts MATCH ?', params: [match] }
    : { sql: `SELECT count(*) FROM events e WHERE ${where.join(' AND ')}`, params }
  const sliceWhere = [...where]
  const sliceParams = [...params]
  if (query.after !== undefined) {
    // Strictly older than the cursor; a row value compares (created_ms, id) in index order.
    sliceWhere.push('(e.created_ms, e.id) < (?, ?)')
    sliceParams.push(eventTimeMs(query.after.createdAt), query.after.id)
  }
  const limit = clampEventLimit(query.limit)
  sliceParams.push(limit + 1)
  const sliceSql =
    `SELECT e.json FROM events e WHERE ${sliceWhere.join(' AND ')} ` +
    'ORDER BY e.created_ms DESC, e.id DESC LIMIT ?'

  return { slice: { sql: sliceSql, params: sliceParams }, count, limit }
}

function boundMs(value: string, field: 'from' | 'to'): number {
  const ms = isoToEpochMs(value)
  if (ms === null) {
    const message = `The ${field} time of the events filter is not a date and time.`
    const fields = { [field]: ['must be a date and time in ISO 8601 form'] }
    throw appError({ code: 'invalid_input', message, fields })
  }
  return ms
}

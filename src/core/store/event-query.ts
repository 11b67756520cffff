// An EventQuery as SQL over the events table: the events of a scope (one account or several),
// newest first by (created_ms, account_id, id), keyset paged, filtered, and full-text searched
// through events_fts. Only the shape of the SQL depends on which filters are present and on
// whether the feed is one account's (values, the scope's list included, are always bound), so
// there are few distinct statements and the store can keep each one prepared.
//
// One account (a scope of one, or one site's feed) reads the account's own indexes, where the
// account is a constant and the order is (created_ms, id); several accounts walk events_scope_feed
// (created_ms, account_id, id) from the newest and keep the scope's rows, so the first slice
// stops after limit + 1 of them instead of sorting every event of the scope.
import type { EventQuery } from '../../shared'
import { parseKey } from '../../shared/scope'
import { appError } from '../errors'
import { eventTimeMs, isoToEpochMs } from '../../shared/event-time'
import { ftsMatchExpression } from './fts-query'

export const DEFAULT_EVENT_LIMIT = 50
export const MAX_EVENT_LIMIT = 500

/** Above every event id (ids are safe integers): "every event at that time". */
const ABOVE_EVERY_ID = Number.MAX_SAFE_INTEGER + 1

export interface EventQuerySql {
  /**
   * Selects account_id, json and the site's stored name of at most limit + 1 rows (the extra
   * row tells whether there is a next slice).
   */
  slice: { sql: string; params: unknown[] }
  /** Counts every matching event, whatever the cursor. */
  count: { sql: string; params: unknown[] }
  limit: number
}

export function clampEventLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return DEFAULT_EVENT_LIMIT
  return Math.min(MAX_EVENT_LIMIT, Math.max(1, Math.trunc(limit)))
}

/** The account and site of a one-site feed; the site must be of an account of the scope. */
export function siteOfQuery(query: EventQuery): { accountId: string; siteId: number } | null {
  if (query.site === undefined) return null
  const site = parseKey(query.site)
  if (site === null || !query.scope.includes(site.accountId)) {
    throw appError({
      code: 'invalid_input',
      message: 'The site of the events filter is not a site of the accounts asked for.',
      fields: { site: ['must be a site of an account of the scope'] },
    })
  }
  return { accountId: site.accountId, siteId: site.id }
}

export function eventQuerySql(query: EventQuery): EventQuerySql {
  const site = siteOfQuery(query)
  // A site's feed is its account's alone, whatever else the scope holds.
  const accounts = site === null ? query.scope : [site.accountId]
  const oneAccount = accounts.length === 1 ? accounts[0]! : null

  const where: string[] = []
  const params: unknown[] = []
  if (oneAccount !== null) {
    where.push('e.account_id = ?')
    params.push(oneAccount)
  } else {
    // One statement for any scope: the list travels as one JSON parameter.
    where.push('e.account_id IN (SELECT value FROM json_each(?))')
    params.push(JSON.stringify(accounts))
  }
  if (site !== null) {
    where.push('e.site_id = ?')
    params.push(site.siteId)
  }
  if (query.types !== undefined && query.types.length > 0) {
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
  const match = query.text === undefined ? null : ftsMatchExpression(accounts, query.text)
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
  const after = query.after
  if (after !== undefined && oneAccount !== null) {
    // Strictly after the cursor in (created_ms, account_id, id) order. With the account fixed
    // that is (created_ms, id) in the account's index order: at the cursor's time, every event
    // when the account sorts before the cursor's, none when after, older ids when the same.
    const idBound = oneAccount === after.accountId ? after.id : oneAccount < after.accountId ? ABOVE_EVERY_ID : 0
    sliceWhere.push('(e.created_ms, e.id) < (?, ?)')
    sliceParams.push(eventTimeMs(after.createdAt), idBound)
  } else if (after !== undefined) {
    // A row value compares (created_ms, account_id, id) in events_scope_feed's order.
    sliceWhere.push('(e.created_ms, e.account_id, e.id) < (?, ?, ?)')
    sliceParams.push(eventTimeMs(after.createdAt), after.accountId, after.id)
  }
  const limit = clampEventLimit(query.limit)
  sliceParams.push(limit + 1)
  // Several accounts: the planner, not knowing how many the scope's list holds, would rather
  // look each account up and sort all of their events; the walk is named so it never does.
  const from = oneAccount !== null ? 'events e' : 'events e INDEXED BY events_scope_feed'
  const order = oneAccount !== null ? 'e.created_ms DESC, e.id DESC' : 'e.created_ms DESC, e.account_id DESC, e.id DESC'
  const sliceSql =
    `SELECT e.account_id, e.json, s.name FROM ${from} LEFT JOIN sites s ON s.account_id = e.account_id AND s.id = e.site_id ` +
    `WHERE ${sliceWhere.join(' AND ')} ORDER BY ${order} LIMIT ?`

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

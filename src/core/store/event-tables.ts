// The store's events and their full-text index (events_fts): storing a sync's events once each,
// the feed's keyset slices and searches, the per-day counts, and keeping each event's site name
// in the index as the site's stored name changes. Works inside the caller's transaction: the
// workspace store (sqlite-workspace-store.ts) owns transactions, caches and revisions.
import type Database from 'better-sqlite3'
import type { EventDayCount, EventQuery, EventSlice, ScopedEvent, SiteEvent } from '../../shared'
import { eventTimeMs } from '../../shared/event-time'
import { keyOf } from '../../shared/scope'
import { eventQuerySql } from './event-query'
import { ftsAccountToken } from './fts-query'
import type { EventReads } from './workspace-store'

type Statement = Database.Statement<unknown[], unknown>

/** How a site's writes keep its events' index right. */
export interface SiteNameIndex {
  /** The site's events are searched under this name from now on ('' once the site is gone). */
  reindexSiteName(accountId: string, siteId: number, name: string): void
  /** The server deletes a site's events with it; the trigger takes them out of the index. */
  removeSiteEvents(accountId: string, siteId: number): void
}

export class EventTables implements EventReads, SiteNameIndex {
  private readonly st: ReturnType<typeof prepare>
  /** Event queries by SQL text: their shape depends only on which filters are set. */
  private readonly queryStatements = new Map<string, Statement>()

  constructor(private readonly db: Database.Database) {
    this.st = prepare(db)
  }

  /** Stores the events not stored yet (by id), indexed; answers those. */
  insert(accountId: string, events: readonly SiteEvent[]): SiteEvent[] {
    const token = ftsAccountToken(accountId)
    const added: SiteEvent[] = []
    for (const event of events) {
      const result = this.st.insertEvent.run(
        accountId,
        event.id,
        event.site_id,
        event.type,
        event.created_at,
        eventTimeMs(event.created_at),
        event.message,
        JSON.stringify(event),
      )
      if (result.changes === 1) {
        this.st.indexEvent.run(result.lastInsertRowid, token, event.message, accountId, event.site_id)
        added.push(event)
      }
    }
    return added
  }

  knownEventIds(accountId: string, ids: readonly number[]): Set<number> {
    if (ids.length === 0) return new Set()
    return new Set(this.st.knownEventIds.all(accountId, JSON.stringify(ids)) as number[])
  }

  eventCount(accountId: string): number {
    return this.st.eventCount.get(accountId) as number
  }

  queryEvents(query: EventQuery): EventSlice {
    const sql = eventQuerySql(query)
    const rows = this.statement(sql.slice.sql, 'raw').all(...sql.slice.params) as [string, string, string | null][]
    const more = rows.length > sql.limit
    const shown = more ? rows.slice(0, sql.limit) : rows
    const events = new Array<ScopedEvent>(shown.length)
    for (let i = 0; i < shown.length; i++) {
      const [accountId, json, siteName] = shown[i]!
      const event = JSON.parse(json) as SiteEvent
      events[i] = { ...event, accountId, key: keyOf(accountId, event.id), siteName }
    }
    const last = events[events.length - 1]
    const next = more && last !== undefined ? { createdAt: last.created_at, accountId: last.accountId, id: last.id } : null
    // The first slice's total doubles as the count of the whole feed; later slices could skip
    // it, but the count runs on the same index and keeps every answer complete.
    const total = this.statement(sql.count.sql, 'pluck').get(...sql.count.params) as number
    return { events, next, total }
  }

  eventsPerDay(scope: readonly string[], sinceMs: number, offsetMs: number): EventDayCount[] {
    return this.st.eventsPerDay.all({ scope: JSON.stringify(scope), sinceMs, offsetMs }) as EventDayCount[]
  }

  reindexSiteName(accountId: string, siteId: number, name: string): void {
    this.st.unindexSiteEvents.run(accountId, siteId)
    this.st.indexSiteEvents.run(name, accountId, siteId)
  }

  removeSiteEvents(accountId: string, siteId: number): void {
    this.st.deleteSiteEvents.run(accountId, siteId)
  }

  /** A prepared query by its SQL: `pluck` answers one value per row (a count), `raw` each row as an array. */
  private statement(sql: string, shape: 'pluck' | 'raw'): Statement {
    let statement = this.queryStatements.get(sql)
    if (statement === undefined) {
      const prepared = this.db.prepare(sql)
      statement = shape === 'pluck' ? prepared.pluck() : prepared.raw()
      this.queryStatements.set(sql, statement)
    }
    return statement
  }
}

function prepare(db: Database.Database) {
  const one = (sql: string) => db.prepare(sql).pluck()
  return {
    insertEvent: db.prepare(
      'INSERT INTO events (account_id, id, site_id, type, created_at, created_ms, message, json) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, id) DO NOTHING',
    ),
    knownEventIds: one('SELECT id FROM events WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))'),
    eventCount: one('SELECT count(*) FROM events WHERE account_id = ?'),
    deleteSiteEvents: db.prepare('DELETE FROM events WHERE account_id = ? AND site_id = ?'),
    // The event's site name is the stored site's, or none until that site is stored.
    indexEvent: db.prepare(
      'INSERT INTO events_fts (rowid, account, message, site_name) VALUES (?, ?, ?, ' +
        "coalesce((SELECT name FROM sites WHERE account_id = ? AND id = ?), ''))",
    ),
    unindexSiteEvents: db.prepare(
      'DELETE FROM events_fts WHERE rowid IN (SELECT seq FROM events WHERE account_id = ? AND site_id = ?)',
    ),
    indexSiteEvents: db.prepare(
      "INSERT INTO events_fts (rowid, account, message, site_name) SELECT seq, 'x' || lower(hex(account_id)), " +
        'message, ? FROM events WHERE account_id = ? AND site_id = ?',
    ),
    // The scope's counts summed here, not by the caller: one row per day and type.
    eventsPerDay: db.prepare(
      "SELECT strftime('%Y-%m-%d', (created_ms + @offsetMs) / 1000, 'unixepoch') AS day, type, COUNT(*) AS count " +
        'FROM events WHERE account_id IN (SELECT value FROM json_each(@scope)) AND created_ms >= @sinceMs ' +
        'GROUP BY day, type ORDER BY day, type',
    ),
  }
}

// Each site's history: the store compares every site it writes with the copy it
// replaces and keeps one row per value that changed, plus one rollup row per account and UTC
// day for the overview's trend. The store calls it inside the very transaction that writes
// the sites, so history can never disagree with the snapshot.
import type Database from 'better-sqlite3'
import { HISTORY_FIELDS, type HistoryField, type HistoryTrendDay, type Site, type SiteHistory, type SiteHistoryChange } from '../../shared'

const DAY_MS = 86_400_000

/** Field codes as stored (small integers, one byte each); never renumber a shipped code. */
const FIELD_CODE: Record<HistoryField, number> = { updates: 1, php: 2, mysql: 3, web: 4, lastCheck: 5 }
const FIELD_BY_CODE = new Map(HISTORY_FIELDS.map((field) => [FIELD_CODE[field], field]))

export type Stored = string | number | null

/**
 * The values history follows, as stored: pending updates as a number, versions as text, the
 * last check as epoch milliseconds (6 bytes instead of a 25-character ISO text: it is the
 * field that changes most).
 */
export function historyValues(site: Site): Record<HistoryField, Stored> {
  const lastCheckMs = site.last_check_at === null ? null : Date.parse(site.last_check_at)
  return {
    updates: site.updates_count ?? null,
    php: site.server?.php ?? null,
    mysql: site.server?.mysql ?? null,
    web: site.server?.web ?? null,
    lastCheck: lastCheckMs === null || Number.isNaN(lastCheckMs) ? null : lastCheckMs,
  }
}

/** "8.2.18" -> "8.2"; anything without a major.minor is "unknown". */
export function phpMinor(php: string | null | undefined): string {
  const match = /^(\d+)\.(\d+)/.exec(php ?? '')
  return match === null ? 'unknown' : `${match[1]}.${match[2]}`
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/**
 * Told what the comparison found, in the same pass (a sync's ChangeTally): sites new to the
 * account, sites gone, and each followed value that changed, as stored.
 */
export interface SiteChangeListener {
  added(siteId: number): void
  removed(siteId: number): void
  changed(siteId: number, field: HistoryField, from: Stored, to: Stored): void
}

/** One account's recording within one write transaction. */
export interface HistoryWrite {
  /** Compares a site's previous copy (undefined: new site, nothing to compare) with the new one. */
  compare(before: Site | undefined, after: Site): void
  forgetSite(siteId: number): void
  /** Writes (or rewrites) today's rollup from the account's complete list of sites. */
  rollup(sites: Iterable<Site>): void
}

export class SiteHistoryStore {
  private readonly st: ReturnType<typeof prepare>
  /** The UTC day pruning last ran; pruning runs once a day (or after the setting changed). */
  private prunedDay: string | null = null

  constructor(db: Database.Database) {
    this.st = prepare(db)
  }

  /**
   * Starts recording an account's write at `atMs`; must run inside the write's transaction.
   * The listener, if any, hears every difference the comparison finds.
   */
  begin(accountId: string, atMs: number, listener?: SiteChangeListener): HistoryWrite {
    const key = this.accountKey(accountId, atMs)
    const { st } = this
    return {
      compare(before, after) {
        if (before === undefined) {
          listener?.added(after.id)
          return
        }
        const was = historyValues(before)
        const now = historyValues(after)
        for (const field of HISTORY_FIELDS) {
          if (was[field] === now[field]) continue
          st.insert.run(key, after.id, atMs, FIELD_CODE[field], was[field], now[field])
          listener?.changed(after.id, field, was[field], now[field])
        }
      },
      forgetSite(siteId) {
        st.deleteSite.run(key, siteId)
        listener?.removed(siteId)
      },
      rollup(sites) {
        let pending = 0
        let count = 0
        const php: Record<string, number> = {}
        for (const site of sites) {
          count++
          pending += site.updates_count ?? 0
          const minor = phpMinor(site.server?.php)
          php[minor] = (php[minor] ?? 0) + 1
        }
        st.putDay.run(key, utcDay(atMs), pending, count, JSON.stringify(php))
      },
    }
  }

  siteHistory(accountId: string, siteId: number, limit: number, retentionDays: number, nowMs: number): SiteHistory {
    const account = this.st.account.get(accountId) as { key: number; started_ms: number } | undefined
    if (account === undefined) return { accountId, siteId, changes: [], since: null }
    const rows = this.st.siteRows.all(account.key, siteId, limit) as {
      at_ms: number
      field: number
      from_value: Stored
      to_value: Stored
    }[]
    const changes: SiteHistoryChange[] = []
    for (const row of rows) {
      const field = FIELD_BY_CODE.get(row.field)
      if (field === undefined) continue
      changes.push({ at: new Date(row.at_ms).toISOString(), field, from: shown(field, row.from_value), to: shown(field, row.to_value) })
    }
    const since = Math.max(account.started_ms, nowMs - retentionDays * DAY_MS)
    return { accountId, siteId, changes, since: new Date(since).toISOString() }
  }

  /**
   * The scope's rollup since `sinceDay`, oldest first: per day, every account of the scope that
   * recorded a sync that day, added up in SQL (an account without a sync that day adds nothing).
   */
  trend(scope: readonly string[], sinceDay: string): HistoryTrendDay[] {
    const accounts = JSON.stringify(scope)
    const days = this.st.scopeDays.all(accounts, sinceDay) as { day: string; pending: number; sites: number }[]
    const php = this.st.scopePhp.all(accounts, sinceDay) as { day: string; version: string; count: number }[]
    const byDay = new Map<string, HistoryTrendDay>()
    const trend = days.map((row) => {
      const day: HistoryTrendDay = { day: row.day, pending: row.pending, sites: row.sites, php: {} }
      byDay.set(row.day, day)
      return day
    })
    for (const row of php) {
      const day = byDay.get(row.day)
      if (day !== undefined) day.php[row.version] = row.count
    }
    return trend
  }

  /** Cheap enough to call after every sync: the delete itself runs at most once per UTC day. */
  prune(nowMs: number, retentionDays: number): number {
    const today = utcDay(nowMs)
    if (this.prunedDay === today) return 0
    this.prunedDay = today
    const cutoffMs = nowMs - retentionDays * DAY_MS
    const removed = this.st.pruneRows.run(cutoffMs).changes
    return removed + this.st.pruneDays.run(utcDay(cutoffMs)).changes
  }

  /** The retention changed: the next prune runs whatever the day. */
  retentionChanged(): void {
    this.prunedDay = null
  }

  removeAccount(accountId: string): void {
    const account = this.st.account.get(accountId) as { key: number } | undefined
    if (account === undefined) return
    this.st.deleteAccountRows.run(account.key)
    this.st.deleteAccountDays.run(account.key)
    this.st.deleteAccount.run(account.key)
  }

  removeSite(accountId: string, siteId: number): void {
    const account = this.st.account.get(accountId) as { key: number } | undefined
    if (account !== undefined) this.st.deleteSite.run(account.key, siteId)
  }

  private accountKey(accountId: string, atMs: number): number {
    const found = this.st.account.get(accountId) as { key: number } | undefined
    if (found !== undefined) return found.key
    return Number(this.st.addAccount.run(accountId, atMs).lastInsertRowid)
  }
}

/** The last check goes back to the ISO text the API uses; the rest as stored. */
function shown(field: HistoryField, value: Stored): Stored {
  if (field === 'lastCheck' && typeof value === 'number') return new Date(value).toISOString()
  return value
}

function prepare(db: Database.Database) {
  return {
    account: db.prepare('SELECT key, started_ms FROM history_accounts WHERE account_id = ?'),
    addAccount: db.prepare('INSERT INTO history_accounts (account_id, started_ms) VALUES (?, ?)'),
    deleteAccount: db.prepare('DELETE FROM history_accounts WHERE key = ?'),
    insert: db.prepare(
      'INSERT INTO site_history (account_key, site_id, at_ms, field, from_value, to_value) VALUES (?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT DO UPDATE SET to_value = excluded.to_value',
    ),
    siteRows: db.prepare(
      'SELECT at_ms, field, from_value, to_value FROM site_history WHERE account_key = ? AND site_id = ? ' +
        'ORDER BY at_ms DESC, field LIMIT ?',
    ),
    deleteSite: db.prepare('DELETE FROM site_history WHERE account_key = ? AND site_id = ?'),
    deleteAccountRows: db.prepare('DELETE FROM site_history WHERE account_key = ?'),
    deleteAccountDays: db.prepare('DELETE FROM history_days WHERE account_key = ?'),
    putDay: db.prepare(
      'INSERT INTO history_days (account_key, day, pending, sites, php) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (account_key, day) DO UPDATE SET pending = excluded.pending, sites = excluded.sites, php = excluded.php',
    ),
    // The scope's accounts come as one JSON array; the sums are per day over them.
    scopeDays: db.prepare(
      'SELECT d.day AS day, SUM(d.pending) AS pending, SUM(d.sites) AS sites FROM history_days d ' +
        'JOIN history_accounts a ON a.key = d.account_key ' +
        'WHERE a.account_id IN (SELECT value FROM json_each(?)) AND d.day >= ? GROUP BY d.day ORDER BY d.day',
    ),
    // php is JSON (sites per minor version); an unreadable row counts no sites rather than
    // failing the whole trend.
    scopePhp: db.prepare(
      'SELECT d.day AS day, p.key AS version, SUM(p.value) AS count FROM history_days d ' +
        'JOIN history_accounts a ON a.key = d.account_key, ' +
        "json_each(CASE WHEN json_valid(d.php) AND json_type(d.php) = 'object' THEN d.php ELSE '{}' END) p " +
        "WHERE a.account_id IN (SELECT value FROM json_each(?)) AND d.day >= ? AND p.type = 'integer' " +
        'GROUP BY d.day, p.key',
    ),
    pruneRows: db.prepare('DELETE FROM site_history WHERE at_ms < ?'),
    pruneDays: db.prepare('DELETE FROM history_days WHERE day < ?'),
  }
}

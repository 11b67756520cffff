// Health's own store in the workspace database (migration 5): each site's current state per
// check, reachability rolled up per hour and per day, incidents, the check options per account
// and site, the RDAP look-ups and the settings. Synchronous and small like the workspace store
// beside it (better-sqlite3); every write of a cycle's results is one transaction.
import type Database from 'better-sqlite3'
import type { HealthCause, HealthCheck, HealthCheckState, HealthDetails, HealthIncident, HealthLevel, HealthSiteOptions, ResponseTimePoint } from '../../shared/health'
import { LABEL_READS_DETAILS } from '../../shared/health-labels'
import { openDatabase } from '../store/open-database'
import type { CheckOutcome } from './check-outcome'

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000
/** Hourly rows for the 7-day chart, a day more so that its first hour is whole. */
export const HOURS_KEPT_MS = 8 * DAY_MS
/** Daily rows for the 30-day chart, a day more likewise. */
export const DAYS_KEPT_MS = 31 * DAY_MS
const SPAN = { hour: 0, day: 1 } as const

/** Levels at which a check's state is an incident while it lasts. */
const INCIDENT_LEVELS = new Set(['error'])

export interface RecordEntry {
  accountId: string
  siteId: number
  outcome: CheckOutcome
}

/** A check's state before a write, as much as the transitions need (no JSON parsed). */
export type PreviousState = Pick<HealthCheckState, 'level' | 'cause' | 'since'>

export interface Recorded {
  accountId: string
  siteId: number
  previous: PreviousState | undefined
  next: HealthCheckState
}

/** What the scheduler needs of a check's state to know when it is due: no JSON parsed. */
export interface DueInfo {
  checkedMs: number
  level: string
  cause: string | null
  failuresInRow: number
}

interface StateRow {
  site_id: number
  check_name: string
  level: string
  cause: string | null
  checked_ms: number
  since_ms: number
  json: string
}

/**
 * A check's state with a cause, as the Sites query's findings need it: the check time as a
 * number, and the details only where the finding's label reads them (null otherwise).
 */
export interface FindingRow {
  check: HealthCheck
  level: HealthLevel
  cause: HealthCause
  reason: string
  checkedMs: number
  since: string
  details: HealthDetails | null
}

/** The columns of the findings read, in its order (the statement answers arrays). */
type FindingColumns = [siteId: number, check: string, level: string, cause: string, checkedMs: number, sinceMs: number, reason: string, details: string | null]

export class HealthStore {
  /** A store on its own in-memory database (a core given a WorkspaceStore that is not SQLite). */
  static inMemory(): HealthStore {
    return new HealthStore(openDatabase(':memory:'))
  }

  private readonly st: ReturnType<typeof prepare>
  private readonly accountKeys = new Map<string, number>()

  constructor(private readonly db: Database.Database) {
    this.st = prepare(db)
  }

  /** Writes each outcome as its check's state (with its since), samples and incidents, in one transaction. */
  record(entries: readonly RecordEntry[], nowMs: number): Recorded[] {
    return this.db.transaction(() => entries.map((entry) => this.recordOne(entry, nowMs)))()
  }

  state(accountId: string, siteId: number, check: HealthCheck): HealthCheckState | undefined {
    const row = this.st.state.get(accountId, siteId, check) as StateRow | undefined
    return row === undefined ? undefined : stateOf(row)
  }

  siteStates(accountId: string, siteId: number): HealthCheckState[] {
    return (this.st.siteStates.all(accountId, siteId) as StateRow[]).map(stateOf)
  }

  /**
   * Per site, the states that have a cause (the findings). Read for every site of an account
   * when its first page is asked for: SQLite picks out the reason and only the details a label
   * reads, so the whole JSON of each state is not parsed (at 50,000 sites this read was 850 ms
   * of a cold open's 2.4 s in core, bench: window-open, BENCH_CORE_PROF).
   */
  findings(accountId: string): Map<number, FindingRow[]> {
    const out = new Map<number, FindingRow[]>()
    for (const [siteId, check, level, cause, checkedMs, sinceMs, reason, details] of this.st.findings.all(accountId) as FindingColumns[]) {
      const row: FindingRow = {
        check: check as HealthCheck,
        level: level as HealthLevel,
        cause: cause as HealthCause,
        reason,
        checkedMs,
        since: new Date(sinceMs).toISOString(),
        details: details === null ? null : (JSON.parse(details) as HealthDetails),
      }
      const list = out.get(siteId)
      if (list === undefined) out.set(siteId, [row])
      else list.push(row)
    }
    return out
  }

  /** Per "siteId:check", when it was last checked and how it stood, for the scheduler. */
  dueInfo(accountId: string): Map<string, DueInfo> {
    const out = new Map<string, DueInfo>()
    for (const row of this.st.dueInfo.all(accountId) as { site_id: number; check_name: string; checked_ms: number; level: string; cause: string | null; failures: number | null }[]) {
      out.set(`${row.site_id}:${row.check_name}`, { checkedMs: row.checked_ms, level: row.level, cause: row.cause, failuresInRow: row.failures ?? 0 })
    }
    return out
  }

  /** When the last check of any of these accounts ended; null before any. */
  lastCheckedMs(accountIds: readonly string[]): number | null {
    let latest: number | null = null
    for (const id of accountIds) {
      const ms = this.st.lastChecked.get(id) as number | null
      if (ms !== null && (latest === null || ms > latest)) latest = ms
    }
    return latest
  }

  /** Hourly (span 'hour') or daily buckets since `sinceMs`, oldest first. */
  responseTimes(accountId: string, siteId: number, span: keyof typeof SPAN, sinceMs: number): ResponseTimePoint[] {
    const key = this.accountKeys.get(accountId) ?? (this.st.accountKey.get(accountId) as number | undefined)
    if (key === undefined) return []
    const rows = this.st.times.all(key, siteId, SPAN[span], sinceMs) as { start_ms: number; checks: number; up: number; sum_ms: number; max_ms: number | null }[]
    return rows.map((row) => ({
      at: new Date(row.start_ms).toISOString(),
      checks: row.checks,
      up: row.up,
      avgMs: row.up === 0 ? null : Math.round(row.sum_ms / row.up),
      maxMs: row.max_ms,
    }))
  }

  /** Newest first. */
  incidents(accountId: string, siteId: number, limit: number): HealthIncident[] {
    return (this.st.incidents.all(accountId, siteId, limit) as { check_name: HealthCheck; cause: string; from_ms: number; to_ms: number | null; reason: string }[]).map((row) => ({
      check: row.check_name,
      cause: row.cause as HealthIncident['cause'],
      from: new Date(row.from_ms).toISOString(),
      to: row.to_ms === null ? null : new Date(row.to_ms).toISOString(),
      reason: row.reason,
    }))
  }

  /** Every account's on/off and every site's options that were set (site 0 is the account). */
  options(): { accounts: Map<string, boolean>; sites: Map<string, Map<number, HealthSiteOptions>> } {
    const accounts = new Map<string, boolean>()
    const sites = new Map<string, Map<number, HealthSiteOptions>>()
    for (const row of this.st.options.all() as { account_id: string; site_id: number; enabled: number; look_for: string | null }[]) {
      if (row.site_id === 0) accounts.set(row.account_id, row.enabled === 1)
      else {
        const map = sites.get(row.account_id) ?? new Map<number, HealthSiteOptions>()
        map.set(row.site_id, { enabled: row.enabled === 1, lookFor: row.look_for })
        sites.set(row.account_id, map)
      }
    }
    return { accounts, sites }
  }

  setAccountEnabled(accountId: string, enabled: boolean): void {
    this.st.putOptions.run(accountId, 0, enabled ? 1 : 0, null)
  }

  /** A site back at the defaults (on, no text) loses its row. */
  setSiteOptions(accountId: string, siteId: number, options: HealthSiteOptions): void {
    if (options.enabled && options.lookFor === null) this.st.deleteOptions.run(accountId, siteId)
    else this.st.putOptions.run(accountId, siteId, options.enabled ? 1 : 0, options.lookFor)
  }

  meta(key: string): unknown {
    const json = this.st.meta.get(key) as string | undefined
    return json === undefined ? undefined : JSON.parse(json)
  }

  setMeta(key: string, value: unknown): void {
    this.st.putMeta.run(key, JSON.stringify(value))
  }

  /** An RDAP look-up kept for the domain, with when it was made. */
  rdap(domain: string): { checkedMs: number; lookup: unknown } | undefined {
    const row = this.st.rdap.get(domain) as { checked_ms: number; json: string } | undefined
    return row === undefined ? undefined : { checkedMs: row.checked_ms, lookup: JSON.parse(row.json) }
  }

  setRdap(domain: string, lookup: unknown, checkedMs: number): void {
    this.st.putRdap.run(domain, checkedMs, JSON.stringify(lookup))
  }

  /** Drops what the retention allows: hours past 8 days, days past 31, ended incidents and RDAP look-ups past `retentionDays`. */
  prune(nowMs: number, retentionDays: number): number {
    return this.db.transaction(() => {
      let removed = this.st.pruneTimes.run(SPAN.hour, nowMs - HOURS_KEPT_MS).changes
      removed += this.st.pruneTimes.run(SPAN.day, nowMs - DAYS_KEPT_MS).changes
      removed += this.st.pruneIncidents.run(nowMs - retentionDays * DAY_MS).changes
      removed += this.st.pruneRdap.run(nowMs - 7 * DAY_MS).changes
      return removed
    })()
  }

  /** States of sites the account no longer has go (their history stays until retention). */
  forgetSitesExcept(accountId: string, siteIds: ReadonlySet<number>): void {
    const gone = (this.st.stateSites.all(accountId) as number[]).filter((id) => !siteIds.has(id))
    if (gone.length === 0) return
    this.db.transaction(() => {
      for (const id of gone) this.st.deleteSiteStates.run(accountId, id)
    })()
  }

  removeAccount(accountId: string): void {
    this.db.transaction(() => {
      const key = this.st.accountKey.get(accountId) as number | undefined
      if (key !== undefined) this.st.deleteTimes.run(key)
      for (const statement of [this.st.deleteAccountStates, this.st.deleteAccountIncidents, this.st.deleteAccountOptions, this.st.deleteAccountKey]) statement.run(accountId)
      this.accountKeys.delete(accountId)
    })()
  }

  private recordOne({ accountId, siteId, outcome }: RecordEntry, nowMs: number): Recorded {
    const row = this.st.previous.get(accountId, siteId, outcome.check) as { level: string; cause: string | null; since_ms: number } | undefined
    const previous: PreviousState | undefined =
      row === undefined ? undefined : { level: row.level as HealthCheckState['level'], cause: row.cause as HealthCheckState['cause'], since: new Date(row.since_ms).toISOString() }
    const same = previous !== undefined && previous.level === outcome.level && previous.cause === outcome.cause
    const sinceMs = same ? Date.parse(previous.since) : nowMs
    const next: HealthCheckState = {
      check: outcome.check,
      level: outcome.level,
      cause: outcome.cause,
      reason: outcome.reason,
      checkedAt: new Date(nowMs).toISOString(),
      since: new Date(sinceMs).toISOString(),
      details: outcome.details,
    }
    this.st.putState.run(accountId, siteId, outcome.check, outcome.level, outcome.cause, nowMs, sinceMs, JSON.stringify({ reason: outcome.reason, details: outcome.details }))
    if (outcome.sample) this.addSample(accountId, siteId, outcome.sample, nowMs)
    const wasIncident = previous !== undefined && INCIDENT_LEVELS.has(previous.level) && previous.cause !== null
    const isIncident = INCIDENT_LEVELS.has(outcome.level) && outcome.cause !== null
    if (wasIncident && (!isIncident || previous.cause !== outcome.cause)) this.st.closeIncident.run(nowMs, accountId, siteId, outcome.check)
    if (isIncident && (!wasIncident || previous.cause !== outcome.cause)) this.st.openIncident.run(accountId, siteId, outcome.check, outcome.cause, nowMs, outcome.reason)
    return { accountId, siteId, previous, next }
  }

  private addSample(accountId: string, siteId: number, sample: { up: boolean; ms: number | null }, nowMs: number): void {
    const key = this.keyOf(accountId)
    const ms = sample.up && sample.ms !== null ? Math.round(sample.ms) : null
    for (const [span, size] of [[SPAN.hour, HOUR_MS], [SPAN.day, DAY_MS]] as const) {
      this.st.addTime.run({ key, site: siteId, span, start: nowMs - (nowMs % size), up: ms === null ? 0 : 1, ms: ms ?? 0, max: ms })
    }
  }

  private keyOf(accountId: string): number {
    let key = this.accountKeys.get(accountId)
    if (key === undefined) {
      this.st.insertAccountKey.run(accountId)
      key = this.st.accountKey.get(accountId) as number
      this.accountKeys.set(accountId, key)
    }
    return key
  }
}

function stateOf(row: StateRow): HealthCheckState {
  const { reason, details } = JSON.parse(row.json) as Pick<HealthCheckState, 'reason' | 'details'>
  return {
    check: row.check_name as HealthCheck,
    level: row.level as HealthCheckState['level'],
    cause: row.cause as HealthCheckState['cause'],
    reason,
    checkedAt: new Date(row.checked_ms).toISOString(),
    since: new Date(row.since_ms).toISOString(),
    details,
  }
}

function prepare(db: Database.Database) {
  const STATE = 'SELECT site_id, check_name, level, cause, checked_ms, since_ms, json FROM health_state'
  return {
    state: db.prepare(`${STATE} WHERE account_id = ? AND site_id = ? AND check_name = ?`),
    previous: db.prepare('SELECT level, cause, since_ms FROM health_state WHERE account_id = ? AND site_id = ? AND check_name = ?'),
    siteStates: db.prepare(`${STATE} WHERE account_id = ? AND site_id = ?`),
    findings: db
      .prepare(
        `SELECT site_id, check_name, level, cause, checked_ms, since_ms, json_extract(json, '$.reason'),
           CASE WHEN cause IN (${[...LABEL_READS_DETAILS].map((cause) => `'${cause}'`).join(', ')}) THEN json_extract(json, '$.details') END
         FROM health_state WHERE account_id = ? AND cause IS NOT NULL`,
      )
      .raw(true),
    dueInfo: db.prepare(
      "SELECT site_id, check_name, checked_ms, level, cause, CASE WHEN check_name = 'reachability' THEN json_extract(json, '$.details.failuresInRow') END AS failures FROM health_state WHERE account_id = ?",
    ),
    lastChecked: db.prepare('SELECT max(checked_ms) FROM health_state WHERE account_id = ?').pluck(),
    stateSites: db.prepare('SELECT DISTINCT site_id FROM health_state WHERE account_id = ?').pluck(),
    putState: db.prepare(
      `INSERT INTO health_state (account_id, site_id, check_name, level, cause, checked_ms, since_ms, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account_id, site_id, check_name) DO UPDATE SET level = excluded.level, cause = excluded.cause,
         checked_ms = excluded.checked_ms, since_ms = excluded.since_ms, json = excluded.json`,
    ),
    deleteSiteStates: db.prepare('DELETE FROM health_state WHERE account_id = ? AND site_id = ?'),
    accountKey: db.prepare('SELECT key FROM health_accounts WHERE account_id = ?').pluck(),
    insertAccountKey: db.prepare('INSERT OR IGNORE INTO health_accounts (account_id) VALUES (?)'),
    addTime: db.prepare(
      `INSERT INTO health_times (account_key, site_id, span, start_ms, checks, up, sum_ms, max_ms) VALUES (@key, @site, @span, @start, 1, @up, @ms, @max)
       ON CONFLICT (account_key, site_id, span, start_ms) DO UPDATE SET checks = checks + 1, up = up + excluded.up,
         sum_ms = sum_ms + excluded.sum_ms, max_ms = max(coalesce(max_ms, excluded.max_ms), coalesce(excluded.max_ms, max_ms))`,
    ),
    times: db.prepare('SELECT start_ms, checks, up, sum_ms, max_ms FROM health_times WHERE account_key = ? AND site_id = ? AND span = ? AND start_ms >= ? ORDER BY start_ms'),
    incidents: db.prepare('SELECT check_name, cause, from_ms, to_ms, reason FROM health_incidents WHERE account_id = ? AND site_id = ? ORDER BY from_ms DESC, seq DESC LIMIT ?'),
    openIncident: db.prepare('INSERT INTO health_incidents (account_id, site_id, check_name, cause, from_ms, to_ms, reason) VALUES (?, ?, ?, ?, ?, NULL, ?)'),
    closeIncident: db.prepare('UPDATE health_incidents SET to_ms = ? WHERE account_id = ? AND site_id = ? AND check_name = ? AND to_ms IS NULL'),
    options: db.prepare('SELECT account_id, site_id, enabled, look_for FROM health_options'),
    putOptions: db.prepare(
      'INSERT INTO health_options (account_id, site_id, enabled, look_for) VALUES (?, ?, ?, ?) ON CONFLICT (account_id, site_id) DO UPDATE SET enabled = excluded.enabled, look_for = excluded.look_for',
    ),
    deleteOptions: db.prepare('DELETE FROM health_options WHERE account_id = ? AND site_id = ?'),
    meta: db.prepare('SELECT json FROM health_meta WHERE key = ?').pluck(),
    putMeta: db.prepare('INSERT INTO health_meta (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json'),
    rdap: db.prepare('SELECT checked_ms, json FROM health_rdap WHERE domain = ?'),
    putRdap: db.prepare('INSERT INTO health_rdap (domain, checked_ms, json) VALUES (?, ?, ?) ON CONFLICT (domain) DO UPDATE SET checked_ms = excluded.checked_ms, json = excluded.json'),
    pruneTimes: db.prepare('DELETE FROM health_times WHERE span = ? AND start_ms < ?'),
    pruneIncidents: db.prepare('DELETE FROM health_incidents WHERE to_ms IS NOT NULL AND to_ms < ?'),
    pruneRdap: db.prepare('DELETE FROM health_rdap WHERE checked_ms < ?'),
    deleteTimes: db.prepare('DELETE FROM health_times WHERE account_key = ?'),
    deleteAccountStates: db.prepare('DELETE FROM health_state WHERE account_id = ?'),
    deleteAccountIncidents: db.prepare('DELETE FROM health_incidents WHERE account_id = ?'),
    deleteAccountOptions: db.prepare('DELETE FROM health_options WHERE account_id = ?'),
    deleteAccountKey: db.prepare('DELETE FROM health_accounts WHERE account_id = ?'),
  }
}

// The WorkspaceStore on SQLite (better-sqlite3, synchronous: every call is one short local
// read or one transaction, well under a frame at the sizes the app meets). The tables are kept
// by role, each with its statements prepared once: sites and tags (site-tag-tables.ts), events
// and their full-text index (event-tables.ts), sync bookkeeping and changes (sync-ledger.ts),
// each site's history (site-history.ts), settings and prefs (settings-tables.ts). This class
// owns what spans them: transactions, the parsed lists kept between writes, and revisions.
import type Database from 'better-sqlite3'
import type {
  AppSettings,
  EventDayCount,
  EventQuery,
  EventSlice,
  HistoryTrendDay,
  Site,
  SiteEvent,
  SiteHistory,
  SyncChanges,
  Tag,
} from '../../shared'
import { EventTables } from './event-tables'
import { SettingsTables } from './settings-tables'
import { SiteHistoryStore } from './site-history'
import { SiteTagTables, type ListsChanged } from './site-tag-tables'
import { ChangeTally, hasChanges } from './sync-changes'
import { SyncLedger } from './sync-ledger'
import { openWorkspaceDatabase, type OpenWorkspaceOptions } from './workspace-database'
import { markClosedCleanly } from './open-database'
import type { AccountSyncMeta, SnapshotWrite, SyncWrite, SyncWritten, WorkspaceStore } from './workspace-store'

/** How many syncs' changes each account keeps (recentChanges reads at most these). */
export const CHANGES_KEPT = 50

export interface OpenStoreOptions extends OpenWorkspaceOptions {
  /** Changes kept per account; default CHANGES_KEPT. */
  changesKept?: number
}

interface ParsedLists {
  sites?: readonly Site[]
  tags?: readonly Tag[]
}

/** Every table with rows of an account, emptied when the account goes. */
const ACCOUNT_TABLES = ['sites', 'tags', 'events', 'sync_meta', 'changes'] as const

export class SqliteWorkspaceStore implements WorkspaceStore {
  /**
   * Opens (creating, migrating, or setting aside and rebuilding) <dataDir>/workspace.sqlite.
   * Never throws for a bad file: `notice` then says what happened.
   */
  static open(options: OpenStoreOptions): SqliteWorkspaceStore {
    const opened = openWorkspaceDatabase(options)
    return new SqliteWorkspaceStore(opened.db, opened.file, opened.notice, options.changesKept ?? CHANGES_KEPT)
  }

  private readonly events: EventTables
  private readonly history: SiteHistoryStore
  private readonly sitesAndTags: SiteTagTables
  private readonly ledger: SyncLedger
  private readonly settingsTables: SettingsTables
  private readonly removeAccountRows: Database.Statement[]
  /**
   * Per account, its sites and tags as last read, parsed once and frozen (10,000 sites are
   * 4.7 MB of JSON, 40-70 ms to parse): every read answers the same lists until a write to
   * that account drops them (`written`), so a write is always seen by the next read.
   */
  private readonly lists = new Map<string, ParsedLists>()
  /**
   * Per account, the number of the store's latest write to it (`revision`). One counter for
   * the whole store, so an account removed and added again never repeats a revision it had.
   * It starts at this run's base: runs are counted in the store, and each has 2^32 numbers of
   * its own, so an answer kept from an earlier run (the web shell's kept first answers) always
   * reads as older than any of this run's.
   */
  private readonly revisions = new Map<string, number>()
  private readonly runBase: number
  private writes: number

  private constructor(
    private readonly db: Database.Database,
    /** The database file, or ':memory:' when no file could be used this session. */
    readonly file: string,
    readonly notice: string | null,
    changesKept: number,
  ) {
    this.events = new EventTables(db)
    this.history = new SiteHistoryStore(db)
    this.sitesAndTags = new SiteTagTables(db, this.history, this.events)
    this.ledger = new SyncLedger(db, changesKept)
    this.settingsTables = new SettingsTables(db)
    this.removeAccountRows = ACCOUNT_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE account_id = ?`))
    this.runBase = runBase(this.settingsTables)
    this.writes = this.runBase
  }

  /** The open database, for a room's own store of its own tables in it (core/health's HealthStore). */
  get database(): Database.Database {
    return this.db
  }

  // Sites and tags

  sites(accountId: string): Site[] {
    const cached = this.listsOf(accountId)
    // Typed as the interface has it; frozen, so a caller that would change it throws instead.
    return (cached.sites ??= deepFreeze(this.sitesAndTags.sites(accountId))) as Site[]
  }

  site(accountId: string, siteId: number): Site | undefined {
    return this.sitesAndTags.site(accountId, siteId)
  }

  tags(accountId: string): Tag[] {
    const cached = this.listsOf(accountId)
    return (cached.tags ??= deepFreeze(this.sitesAndTags.tags(accountId))) as Tag[]
  }

  revision(accountId: string): number {
    return this.revisions.get(accountId) ?? this.runBase
  }

  applySync(accountId: string, write: SyncWrite): SyncWritten {
    const atMs = timeMs(write.syncedAt)
    const kept = this.lists.get(accountId)
    const written = this.writeAccount(accountId, (): SyncWritten => {
      const tally = new ChangeTally()
      const lists = this.sitesAndTags.writeSnapshot(accountId, write, atMs, tally)
      this.ledger.putLastSynced(accountId, write.syncedAt)
      // After the sites: an event is indexed with its site's name as this sync stored it.
      const newEvents = this.events.insert(accountId, write.events)
      const changes = tally.result(accountId, write.syncedAt, write.first, newEvents)
      if (write.first || hasChanges(changes)) this.ledger.insertChanges(changes)
      const current = this.ledger.meta(accountId).eventsBackfillPage
      const backfillPage = write.nextBackfillPage(newEvents.length, current)
      if (backfillPage !== current) this.ledger.putMeta(accountId, { eventsBackfillPage: backfillPage })
      this.pruneHistoryAt(atMs)
      return { changes, newEvents, ...lists, backfillPage }
    })
    this.keepUnchangedLists(accountId, kept, written)
    return written
  }

  replaceSnapshot(accountId: string, snapshot: SnapshotWrite): void {
    const atMs = timeMs(snapshot.syncedAt)
    const kept = this.lists.get(accountId)
    const lists = this.writeAccount(accountId, () => {
      const changed = this.sitesAndTags.writeSnapshot(accountId, snapshot, atMs)
      this.ledger.putLastSynced(accountId, snapshot.syncedAt)
      this.pruneHistoryAt(atMs)
      return changed
    })
    this.keepUnchangedLists(accountId, kept, lists)
  }

  upsertSite(accountId: string, site: Site): void {
    this.writeAccount(accountId, () => this.sitesAndTags.upsertSite(accountId, site, Date.now()))
  }

  removeSite(accountId: string, siteId: number): void {
    this.writeAccount(accountId, () => this.sitesAndTags.removeSite(accountId, siteId))
  }

  upsertTag(accountId: string, tag: Tag): void {
    this.writeAccount(accountId, () => this.sitesAndTags.upsertTag(accountId, tag))
  }

  removeTag(accountId: string, tagId: number): void {
    this.writeAccount(accountId, () => this.sitesAndTags.removeTag(accountId, tagId))
  }

  // Events

  addEvents(accountId: string, events: readonly SiteEvent[]): SiteEvent[] {
    const stored = this.transaction(() => this.events.insert(accountId, events))
    if (stored.length > 0) this.written(accountId)
    return stored
  }

  knownEventIds(accountId: string, ids: readonly number[]): Set<number> {
    return this.events.knownEventIds(accountId, ids)
  }

  eventCount(accountId: string): number {
    return this.events.eventCount(accountId)
  }

  queryEvents(query: EventQuery): EventSlice {
    return this.events.queryEvents(query)
  }

  eventsPerDay(scope: readonly string[], sinceMs: number, offsetMs: number): EventDayCount[] {
    return this.events.eventsPerDay(scope, sinceMs, offsetMs)
  }

  // Sync bookkeeping, changes and history

  syncMeta(accountId: string): AccountSyncMeta {
    return this.ledger.meta(accountId)
  }

  setSyncMeta(accountId: string, patch: Partial<AccountSyncMeta>): void {
    this.transaction(() => this.ledger.putMeta(accountId, patch))
    this.written(accountId)
  }

  recordChanges(changes: SyncChanges): void {
    this.transaction(() => this.ledger.insertChanges(changes))
    this.written(changes.accountId)
  }

  recentChanges(accountId: string, limit: number): SyncChanges[] {
    return this.ledger.recentChanges(accountId, limit)
  }

  siteHistory(accountId: string, siteId: number, limit: number): SiteHistory {
    return this.history.siteHistory(accountId, siteId, limit, this.settings().historyRetentionDays, Date.now())
  }

  historyTrend(scope: readonly string[], sinceDay: string): HistoryTrendDay[] {
    return this.history.trend(scope, sinceDay)
  }

  pruneHistory(nowMs: number): number {
    return this.transaction(() => this.pruneHistoryAt(nowMs))
  }

  // Settings and prefs

  settings(): AppSettings {
    return this.settingsTables.settings()
  }

  updateSettings(patch: Partial<AppSettings>): AppSettings {
    const written = this.transaction(() => this.settingsTables.write(patch))
    if (written.historyRetentionDays !== undefined) {
      this.history.retentionChanged()
      this.pruneHistory(Date.now())
    }
    return this.settings()
  }

  pref(key: string): unknown {
    return this.settingsTables.pref(key)
  }

  setPref(key: string, value: unknown): void {
    this.settingsTables.setPref(key, value)
  }

  // The whole account, the whole store

  removeAccount(accountId: string): void {
    this.writeAccount(accountId, () => {
      for (const statement of this.removeAccountRows) statement.run(accountId)
      this.history.removeAccount(accountId)
      this.settingsTables.removeAccountPrefs(accountId)
    })
  }

  close(): void {
    if (!this.db.open) return
    this.db.close()
    // Closed whole (the WAL is in the file now): the next start may skip reading every page.
    markClosedCleanly(this.file)
  }

  /** Inside a transaction: old history goes by the retention setting (at most once a day). */
  private pruneHistoryAt(nowMs: number): number {
    return this.history.prune(nowMs, this.settings().historyRetentionDays)
  }

  /**
   * A sync that found nothing changed keeps the lists already parsed (and, with them, the
   * query engine's index of them, which follows the lists' identity): they are still exact.
   */
  private keepUnchangedLists(accountId: string, kept: ParsedLists | undefined, changed: ListsChanged): void {
    if (kept === undefined || (changed.sitesChanged && changed.tagsChanged)) return
    const cache = this.listsOf(accountId)
    if (!changed.sitesChanged && kept.sites !== undefined) cache.sites = kept.sites
    if (!changed.tagsChanged && kept.tags !== undefined) cache.tags = kept.tags
  }

  private transaction<T>(work: () => T): T {
    return this.db.transaction(work)()
  }

  private listsOf(accountId: string): ParsedLists {
    let cached = this.lists.get(accountId)
    if (cached === undefined) this.lists.set(accountId, (cached = {}))
    return cached
  }

  /**
   * A transaction that writes the account's sites or tags: its cached lists go, after the
   * work too (committed or rolled back), so nothing read during it outlives it.
   */
  private writeAccount<T>(accountId: string, work: () => T): T {
    this.lists.delete(accountId)
    try {
      return this.transaction(work)
    } finally {
      this.lists.delete(accountId)
      this.written(accountId)
    }
  }

  /** The account was written: its revision moves on, so answers read before can be told apart. */
  private written(accountId: string): void {
    this.revisions.set(accountId, ++this.writes)
  }
}

/** Freezes parsed JSON all the way down (objects and arrays only: nothing else is in it). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) deepFreeze(value[i])
  else for (const key in value) deepFreeze(value[key])
  return Object.freeze(value)
}

/** An ISO time as epoch ms; an unreadable one is now (the write still happens). */
function timeMs(iso: string): number {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? Date.now() : ms
}

/** Numbers each run has for its revisions: far more writes than a run makes, and 2^21 runs fit a safe integer. */
const REVISIONS_PER_RUN = 2 ** 32

/** This run's first revision; a store that cannot count its runs (read-only) starts at 0 as before. */
function runBase(settings: SettingsTables): number {
  try {
    return Math.min(settings.nextRun(), 2 ** 20) * REVISIONS_PER_RUN
  } catch {
    return 0
  }
}

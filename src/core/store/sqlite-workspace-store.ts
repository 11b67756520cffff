// The WorkspaceStore on SQLite (better-sqlite3, synchronous: every call is one short local
// read or one transaction, well under a frame at the sizes the app meets). Sites, tags and
// events are kept as the API gave them (a JSON column) beside the few columns the store looks
// up or orders by; reads parse that JSON and nothing else. Statements are prepared once.
import type Database from 'better-sqlite3'
import type {
  AppSettings,
  EventDayCount,
  EventQuery,
  EventSlice,
  HistoryTrendDay,
  ScopedEvent,
  Site,
  SiteEvent,
  SiteHistory,
  SyncChanges,
  Tag,
} from '../../shared'
import { checkSettingsPatch, settingsFromStored } from './app-settings'
import { eventQuerySql } from './event-query'
import { keyOf } from '../../shared/scope'
import { eventTimeMs } from '../../shared/event-time'
import { ftsAccountToken } from './fts-query'
import { SiteHistoryStore, type SiteChangeListener } from './site-history'
import { ChangeTally, hasChanges } from './sync-changes'
import { openWorkspaceDatabase, type OpenWorkspaceOptions } from './workspace-database'
import type { AccountSyncMeta, SnapshotWrite, SyncWrite, SyncWritten, WorkspaceStore } from './workspace-store'

// Prefs share the settings table; their keys start with this, so settings never see them.
const PREF_PREFIX = 'pref:'

/** How many syncs' changes each account keeps (recentChanges reads at most these). */
export const CHANGES_KEPT = 50

export interface OpenStoreOptions extends OpenWorkspaceOptions {
  /** Changes kept per account; default CHANGES_KEPT. */
  changesKept?: number
}

type Statement = Database.Statement<unknown[], unknown>

interface SiteRow {
  id: number
  name: string
  json: string
}

interface SyncMetaRow {
  last_synced_at: string | null
  last_attempt_at: string | null
  events_backfill_page: number | null
}

export class SqliteWorkspaceStore implements WorkspaceStore {
  /**
   * Opens (creating, migrating, or setting aside and rebuilding) <dataDir>/workspace.sqlite.
   * Never throws for a bad file: `notice` then says what happened.
   */
  static open(options: OpenStoreOptions): SqliteWorkspaceStore {
    const opened = openWorkspaceDatabase(options)
    return new SqliteWorkspaceStore(opened.db, opened.file, opened.notice, options.changesKept ?? CHANGES_KEPT)
  }

  private readonly st: ReturnType<typeof prepareStatements>
  /** Event queries by SQL text: their shape depends only on which filters are set. */
  private readonly queryStatements = new Map<string, Statement>()
  /**
   * Per account, its sites and tags as last read, parsed once and frozen (10,000 sites are
   * 4.7 MB of JSON, 40-70 ms to parse): every read answers the same lists until a write to
   * that account drops them (`written`), so a write is always seen by the next read.
   */
  private readonly lists = new Map<string, { sites?: readonly Site[]; tags?: readonly Tag[] }>()
  /**
   * Per account, the number of the store's latest write to it (`revision`). One counter for
   * the whole store, so an account removed and added again never repeats a revision it had.
   */
  private readonly revisions = new Map<string, number>()
  private writes = 0

  private constructor(
    private readonly db: Database.Database,
    /** The database file, or ':memory:' when no file could be used this session. */
    readonly file: string,
    readonly notice: string | null,
    private readonly changesKept: number,
  ) {
    this.st = prepareStatements(db)
    this.history = new SiteHistoryStore(db)
  }

  /** Each site's changed values and the daily trend (site-history.ts). */
  private readonly history: SiteHistoryStore

  /** The open database, for a room's own store of its own tables in it (core/health's HealthStore). */
  get database(): Database.Database {
    return this.db
  }

  sites(accountId: string): Site[] {
    const cached = this.listsOf(accountId)
    // Typed as the interface has it; frozen, so a caller that would change it throws instead.
    return (cached.sites ??= deepFreeze(parseAll<Site>(this.st.sites.all(accountId)))) as Site[]
  }

  site(accountId: string, siteId: number): Site | undefined {
    const json = this.st.site.get(accountId, siteId) as string | undefined
    return json === undefined ? undefined : (JSON.parse(json) as Site)
  }

  tags(accountId: string): Tag[] {
    const cached = this.listsOf(accountId)
    return (cached.tags ??= deepFreeze(parseAll<Tag>(this.st.tags.all(accountId)))) as Tag[]
  }

  revision(accountId: string): number {
    return this.revisions.get(accountId) ?? 0
  }

  syncMeta(accountId: string): AccountSyncMeta {
    const row = this.st.syncMeta.get(accountId) as SyncMetaRow | undefined
    return {
      lastSyncedAt: row?.last_synced_at ?? null,
      lastAttemptAt: row?.last_attempt_at ?? null,
      eventsBackfillPage: row?.events_backfill_page ?? null,
    }
  }

  setSyncMeta(accountId: string, patch: Partial<AccountSyncMeta>): void {
    this.transaction(() => this.putSyncMeta(accountId, patch))
    this.written(accountId)
  }

  applySync(accountId: string, write: SyncWrite): SyncWritten {
    const atMs = timeMs(write.syncedAt)
    const kept = this.lists.get(accountId)
    const written = this.writeAccount(accountId, (): SyncWritten => {
      const tally = new ChangeTally()
      const lists = this.writeSnapshot(accountId, write, atMs, tally)
      // After the sites: an event is indexed with its site's name as this sync stored it.
      const newEvents = this.insertEvents(accountId, write.events)
      const changes = tally.result(accountId, write.syncedAt, write.first, newEvents)
      if (write.first || hasChanges(changes)) this.insertChanges(changes)
      const current = this.syncMeta(accountId).eventsBackfillPage
      const backfillPage = write.nextBackfillPage(newEvents.length, current)
      if (backfillPage !== current) this.putSyncMeta(accountId, { eventsBackfillPage: backfillPage })
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
      const changed = this.writeSnapshot(accountId, snapshot, atMs)
      this.pruneHistoryAt(atMs)
      return changed
    })
    this.keepUnchangedLists(accountId, kept, lists)
  }

  upsertSite(accountId: string, site: Site): void {
    this.writeAccount(accountId, () => {
      const before = this.st.siteName.get(accountId, site.id) as string | undefined
      // One site read again (sync:site): its changes count as much as a full sync's, else
      // the next full sync would find nothing changed and the change would be lost.
      if (before !== undefined) {
        const previous = this.st.site.get(accountId, site.id) as string
        this.history.begin(accountId, Date.now()).compare(JSON.parse(previous) as Site, site)
      }
      this.st.putSite.run(accountId, site.id, site.name, siteJson(site))
      if ((before ?? '') !== site.name) this.reindexSiteName(accountId, site.id, site.name)
    })
  }

  removeSite(accountId: string, siteId: number): void {
    // The server deletes a site's events with it; the trigger takes them out of the index.
    this.writeAccount(accountId, () => {
      this.st.deleteSite.run(accountId, siteId)
      this.st.deleteSiteEvents.run(accountId, siteId)
      this.history.removeSite(accountId, siteId)
    })
  }

  upsertTag(accountId: string, tag: Tag): void {
    this.writeAccount(accountId, () => {
      const before = this.st.tagJson.get(accountId, tag.id) as string | undefined
      const json = JSON.stringify(tag)
      this.st.putTag.run(accountId, tag.id, tag.name, json)
      // A changed tag changes in the sites that carry it too, as the server would answer them.
      if (before !== undefined && before !== json) {
        this.rewriteSiteTags(accountId, tag.id, (tags) => tags.map((t) => (t.id === tag.id ? tag : t)))
      }
    })
  }

  removeTag(accountId: string, tagId: number): void {
    this.writeAccount(accountId, () => {
      this.st.deleteTag.run(accountId, tagId)
      this.rewriteSiteTags(accountId, tagId, (tags) => tags.filter((t) => t.id !== tagId))
    })
  }

  addEvents(accountId: string, events: readonly SiteEvent[]): SiteEvent[] {
    const stored = this.transaction(() => this.insertEvents(accountId, events))
    if (stored.length > 0) this.written(accountId)
    return stored
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
    const rows = this.rowsStatement(sql.slice.sql).all(...sql.slice.params) as [string, string, string | null][]
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
    const total = this.queryStatement(sql.count.sql).get(...sql.count.params) as number
    return { events, next, total }
  }

  recordChanges(changes: SyncChanges): void {
    this.transaction(() => this.insertChanges(changes))
    this.written(changes.accountId)
  }

  recentChanges(accountId: string, limit: number): SyncChanges[] {
    const count = Math.max(0, Math.min(this.changesKept, Math.trunc(limit) || 0))
    return parseAll<SyncChanges>(this.st.recentChanges.all(accountId, count))
  }

  settings(): AppSettings {
    const stored = new Map<string, unknown>()
    for (const row of this.st.settings.all() as { key: string; json: string }[]) {
      try {
        stored.set(row.key, JSON.parse(row.json))
      } catch {
        // An unreadable value falls back to its default.
      }
    }
    return settingsFromStored(stored)
  }

  updateSettings(patch: Partial<AppSettings>): AppSettings {
    const checked = checkSettingsPatch(patch)
    this.transaction(() => {
      for (const [key, value] of Object.entries(checked)) this.st.putSetting.run(key, JSON.stringify(value))
    })
    if (checked.historyRetentionDays !== undefined) {
      this.history.retentionChanged()
      this.pruneHistory(Date.now())
    }
    return this.settings()
  }

  eventsPerDay(scope: readonly string[], sinceMs: number, offsetMs: number): EventDayCount[] {
    return this.st.eventsPerDay.all({ scope: JSON.stringify(scope), sinceMs, offsetMs }) as EventDayCount[]
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

  pref(key: string): unknown {
    const row = this.st.getSetting.get(PREF_PREFIX + key) as { json: string } | undefined
    if (row === undefined) return null
    try {
      return JSON.parse(row.json) as unknown
    } catch {
      return null
    }
  }

  setPref(key: string, value: unknown): void {
    if (value === null || value === undefined) this.st.deleteSetting.run(PREF_PREFIX + key)
    else this.st.putSetting.run(PREF_PREFIX + key, JSON.stringify(value))
  }

  removeAccount(accountId: string): void {
    this.writeAccount(accountId, () => {
      for (const statement of this.st.removeAccount) statement.run(accountId)
      this.history.removeAccount(accountId)
      this.st.removeAccountPrefs.run({ prefix: PREF_PREFIX, suffix: `:${accountId}` })
    })
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  /**
   * Inside a transaction: the account's sites and tags replaced by a complete read, only what
   * changed written, each changed site compared once (history, and the listener hears it).
   */
  private writeSnapshot(
    accountId: string,
    snapshot: SnapshotWrite,
    atMs: number,
    listener?: SiteChangeListener,
  ): { sitesChanged: boolean; tagsChanged: boolean } {
    // A site listed twice (a list that shifted while it was paged) is stored once, the later
    // copy winning, rather than failing the whole sync on the primary key.
    const next = new Map(snapshot.sites.map((site) => [site.id, site]))
    let sitesChanged = false
    const history = this.history.begin(accountId, atMs, listener)
    const before = new Map((this.st.siteRows.all(accountId) as SiteRow[]).map((row) => [row.id, row]))
    // Only what changed is written: a sync of 10,000 unchanged sites writes nothing of them.
    for (const [siteId, site] of next) {
      const json = siteJson(site)
      const old = before.get(siteId)
      if (old?.json === json) continue
      // Only a site whose JSON differs can have a changed value: 10,000 unchanged sites
      // cost history nothing.
      history.compare(old === undefined ? undefined : (JSON.parse(old.json) as Site), site)
      this.st.putSite.run(accountId, siteId, site.name, json)
      sitesChanged = true
      if (old?.name !== site.name) this.reindexSiteName(accountId, siteId, site.name)
    }
    for (const [siteId, old] of before) {
      if (next.has(siteId)) continue
      this.st.deleteSite.run(accountId, siteId)
      sitesChanged = true
      history.forgetSite(siteId)
      // Events of a vanished site keep their message but no longer carry its name.
      if (old.name !== '') this.reindexSiteName(accountId, siteId, '')
    }
    const tagsBefore = this.st.tags.all(accountId) as string[]
    this.st.deleteTags.run(accountId)
    for (const tag of snapshot.tags) this.st.putTag.run(accountId, tag.id, tag.name, JSON.stringify(tag))
    const tagsAfter = this.st.tags.all(accountId) as string[]
    const tagsChanged = tagsAfter.length !== tagsBefore.length || tagsAfter.some((json, at) => json !== tagsBefore[at])
    this.st.putLastSynced.run(accountId, snapshot.syncedAt)
    history.rollup(next.values())
    return { sitesChanged, tagsChanged }
  }

  /**
   * A sync that found nothing changed keeps the lists already parsed (and, with them, the
   * query engine's index of them, which follows the lists' identity): they are still exact.
   */
  private keepUnchangedLists(
    accountId: string,
    kept: { sites?: readonly Site[]; tags?: readonly Tag[] } | undefined,
    changed: { sitesChanged: boolean; tagsChanged: boolean },
  ): void {
    if (kept === undefined || (changed.sitesChanged && changed.tagsChanged)) return
    const cache = this.listsOf(accountId)
    if (!changed.sitesChanged && kept.sites !== undefined) cache.sites = kept.sites
    if (!changed.tagsChanged && kept.tags !== undefined) cache.tags = kept.tags
  }

  /** Inside a transaction: the events not stored yet (by id), indexed; answers those. */
  private insertEvents(accountId: string, events: readonly SiteEvent[]): SiteEvent[] {
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

  /** Inside a transaction: keeps a sync's changes, the newest `changesKept` of the account. */
  private insertChanges(changes: SyncChanges): void {
    this.st.insertChanges.run(changes.accountId, changes.syncedAt, JSON.stringify(changes))
    this.st.pruneChanges.run(changes.accountId, changes.accountId, this.changesKept)
  }

  /** Inside a transaction: only the keys given change; undefined is "not given", null clears. */
  private putSyncMeta(accountId: string, patch: Partial<AccountSyncMeta>): void {
    const meta = this.syncMeta(accountId)
    const next: AccountSyncMeta = {
      lastSyncedAt: patch.lastSyncedAt !== undefined ? patch.lastSyncedAt : meta.lastSyncedAt,
      lastAttemptAt: patch.lastAttemptAt !== undefined ? patch.lastAttemptAt : meta.lastAttemptAt,
      eventsBackfillPage: patch.eventsBackfillPage !== undefined ? patch.eventsBackfillPage : meta.eventsBackfillPage,
    }
    this.st.putSyncMeta.run(accountId, next.lastSyncedAt, next.lastAttemptAt, next.eventsBackfillPage)
  }

  /** Inside a transaction: old history goes by the retention setting (at most once a day). */
  private pruneHistoryAt(nowMs: number): number {
    return this.history.prune(nowMs, this.settings().historyRetentionDays)
  }

  private transaction<T>(work: () => T): T {
    return this.db.transaction(work)()
  }

  private listsOf(accountId: string): { sites?: readonly Site[]; tags?: readonly Tag[] } {
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

  /** A statement answering one value per row (a count). */
  private queryStatement(sql: string): Statement {
    let statement = this.queryStatements.get(sql)
    if (statement === undefined) {
      statement = this.db.prepare(sql).pluck()
      this.queryStatements.set(sql, statement)
    }
    return statement
  }

  /** A statement answering each row as an array of its columns. */
  private rowsStatement(sql: string): Statement {
    let statement = this.queryStatements.get(sql)
    if (statement === undefined) {
      statement = this.db.prepare(sql).raw()
      this.queryStatements.set(sql, statement)
    }
    return statement
  }

  private reindexSiteName(accountId: string, siteId: number, name: string): void {
    this.st.unindexSiteEvents.run(accountId, siteId)
    this.st.indexSiteEvents.run(name, accountId, siteId)
  }

  private rewriteSiteTags(accountId: string, tagId: number, rewrite: (tags: Tag[]) => Tag[]): void {
    for (const row of this.st.sitesWithTag.all(accountId, tagId) as { id: number; json: string }[]) {
      const site = JSON.parse(row.json) as Site
      site.tags = rewrite(site.tags)
      this.st.putSiteJson.run(JSON.stringify(site), accountId, row.id)
    }
  }
}

/**
 * The API never sends private_key back, and the store must never hold it: a site object that
 * somehow carries one (a create's input passed on by mistake) is stored without it.
 */
function siteJson(site: Site): string {
  if (!Object.hasOwn(site, 'private_key')) return JSON.stringify(site)
  const { private_key: _secret, ...rest } = site as Site & { private_key?: unknown }
  return JSON.stringify(rest)
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

function parseAll<T>(rows: unknown[]): T[] {
  const parsed = new Array<T>(rows.length)
  for (let i = 0; i < rows.length; i++) parsed[i] = JSON.parse(rows[i] as string) as T
  return parsed
}

function prepareStatements(db: Database.Database) {
  const one = (sql: string) => db.prepare(sql).pluck()
  return {
    sites: one('SELECT json FROM sites WHERE account_id = ? ORDER BY id'),
    site: one('SELECT json FROM sites WHERE account_id = ? AND id = ?'),
    siteName: one('SELECT name FROM sites WHERE account_id = ? AND id = ?'),
    siteRows: db.prepare('SELECT id, name, json FROM sites WHERE account_id = ?'),
    putSite: db.prepare(
      'INSERT INTO sites (account_id, id, name, json) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (account_id, id) DO UPDATE SET name = excluded.name, json = excluded.json',
    ),
    putSiteJson: db.prepare('UPDATE sites SET json = ? WHERE account_id = ? AND id = ?'),
    sitesWithTag: db.prepare(
      'SELECT id, json FROM sites WHERE account_id = ? AND EXISTS ' +
        "(SELECT 1 FROM json_each(sites.json, '$.tags') t WHERE json_extract(t.value, '$.id') = ?)",
    ),
    deleteSite: db.prepare('DELETE FROM sites WHERE account_id = ? AND id = ?'),

    tags: one('SELECT json FROM tags WHERE account_id = ? ORDER BY id'),
    tagJson: one('SELECT json FROM tags WHERE account_id = ? AND id = ?'),
    putTag: db.prepare(
      'INSERT INTO tags (account_id, id, name, json) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (account_id, id) DO UPDATE SET name = excluded.name, json = excluded.json',
    ),
    deleteTags: db.prepare('DELETE FROM tags WHERE account_id = ?'),
    deleteTag: db.prepare('DELETE FROM tags WHERE account_id = ? AND id = ?'),

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

    syncMeta: db.prepare(
      'SELECT last_synced_at, last_attempt_at, events_backfill_page FROM sync_meta WHERE account_id = ?',
    ),
    putSyncMeta: db.prepare(
      'INSERT INTO sync_meta (account_id, last_synced_at, last_attempt_at, events_backfill_page) ' +
        'VALUES (?, ?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET last_synced_at = excluded.last_synced_at, ' +
        'last_attempt_at = excluded.last_attempt_at, events_backfill_page = excluded.events_backfill_page',
    ),
    putLastSynced: db.prepare(
      'INSERT INTO sync_meta (account_id, last_synced_at) VALUES (?, ?) ' +
        'ON CONFLICT (account_id) DO UPDATE SET last_synced_at = excluded.last_synced_at',
    ),

    insertChanges: db.prepare('INSERT INTO changes (account_id, synced_at, json) VALUES (?, ?, ?)'),
    // The (keep + 1)-th newest row of the account and everything older goes.
    pruneChanges: db.prepare(
      'DELETE FROM changes WHERE account_id = ? AND seq <= ' +
        '(SELECT seq FROM changes WHERE account_id = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)',
    ),
    recentChanges: one('SELECT json FROM changes WHERE account_id = ? ORDER BY seq DESC LIMIT ?'),

    settings: db.prepare('SELECT key, json FROM settings'),
    getSetting: db.prepare('SELECT json FROM settings WHERE key = ?'),
    // The scope's counts summed here, not by the caller: one row per day and type.
    eventsPerDay: db.prepare(
      "SELECT strftime('%Y-%m-%d', (created_ms + @offsetMs) / 1000, 'unixepoch') AS day, type, COUNT(*) AS count " +
        'FROM events WHERE account_id IN (SELECT value FROM json_each(@scope)) AND created_ms >= @sinceMs ' +
        'GROUP BY day, type ORDER BY day, type',
    ),
    deleteSetting: db.prepare('DELETE FROM settings WHERE key = ?'),
    // Prefs of an account end in ":<accountId>" (compared as text, so no LIKE escaping).
    removeAccountPrefs: db.prepare(
      'DELETE FROM settings WHERE substr(key, 1, length(@prefix)) = @prefix AND substr(key, -length(@suffix)) = @suffix',
    ),
    putSetting: db.prepare(
      'INSERT INTO settings (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json',
    ),

    removeAccount: ['sites', 'tags', 'events', 'sync_meta', 'changes'].map((table) =>
      db.prepare(`DELETE FROM ${table} WHERE account_id = ?`),
    ),
  }
}

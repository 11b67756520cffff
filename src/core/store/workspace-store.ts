// The local copy of every account: sites, tags and events as the API gave them, when
// each was last synced, what each sync changed, and the app's settings. Nothing secret: tokens
// stay in the keychain and private_key is never sent back by the API, so never stored.
// SqliteWorkspaceStore (better-sqlite3) is the real implementation; the interface lets tests
// and the sync engine name what they need (Element Desktop's storage backend is the model).
import {
  HISTORY_RETENTION_DAYS,
  type AppSettings,
  type EventDayCount,
  type EventQuery,
  type EventSlice,
  type HistoryTrendDay,
  type Site,
  type SiteEvent,
  type SiteHistory,
  type SyncChanges,
  type Tag,
} from '../../shared'

/** Sync bookkeeping of one account. */
export interface AccountSyncMeta {
  /** ISO time of the last completed sync of sites and tags; null before the first. */
  lastSyncedAt: string | null
  /** ISO time the last sync started, completed or not. */
  lastAttemptAt: string | null
  /**
   * The next server page of GET /logs the background backfill reads (older events after an
   * account's first sync); null when there is nothing older to fill in.
   */
  eventsBackfillPage: number | null
}

export interface SnapshotWrite {
  sites: readonly Site[]
  tags: readonly Tag[]
  /** ISO time the sync completed. */
  syncedAt: string
}

/** Everything one full sync read, written by applySync in one transaction. */
export interface SyncWrite extends SnapshotWrite {
  /** The events the sync read, in any order; those stored already are skipped. */
  events: readonly SiteEvent[]
  /** The account's first sync: its changes are kept even when they are empty. */
  first: boolean
  /**
   * The backfill's next page of GET /logs (null: nothing older to read), given how many of the
   * events were new and the page it stood at: the sync's rule, run inside the transaction.
   */
  nextBackfillPage(storedCount: number, current: number | null): number | null
}

/** What applySync wrote. */
export interface SyncWritten {
  /** What the sync changed; recorded when it changed anything or was the first. */
  changes: SyncChanges
  /** The events stored for the first time. */
  newEvents: SiteEvent[]
  /** Whether any stored site or tag differs from before (any field, any id). */
  sitesChanged: boolean
  tagsChanged: boolean
  backfillPage: number | null
}

/** The account's parsed sites and tags, and the revision that tells a read from a later one. */
export interface SiteListReads {
  /**
   * Ascending id. The same frozen list is answered until the account's sites are written
   * (kept parsed between writes): read it, never change it.
   */
  sites(accountId: string): Site[]
  site(accountId: string, siteId: number): Site | undefined
  /** Ascending id; frozen and kept between writes, as sites(). */
  tags(accountId: string): Tag[]
  /**
   * A number that changes with every write to the account (its sites, tags, events, sync
   * bookkeeping or recorded changes), so what was read from it can be told from what is
   * there now. Only compared for equality; it starts again when the store is opened again.
   */
  revision(accountId: string): number
}

/** The events and their full-text search. */
export interface EventReads {
  /** Which of these ids are stored already. */
  knownEventIds(accountId: string, ids: readonly number[]): Set<number>
  eventCount(accountId: string): number
  /**
   * The scope's events newest first by (created_at, account id, id), filtered and full-text
   * searched in the store. Whether the scope's accounts exist is the caller's to check.
   */
  queryEvents(query: EventQuery): EventSlice
  /** The scope's events since `sinceMs` counted per day (in the given UTC offset) and type, oldest day first. */
  eventsPerDay(scope: readonly string[], sinceMs: number, offsetMs: number): EventDayCount[]
}

/** What syncs recorded: their bookkeeping, their changes, each site's history and the trend. */
export interface HistoryReads {
  syncMeta(accountId: string): AccountSyncMeta
  /** Newest first. */
  recentChanges(accountId: string, limit: number): SyncChanges[]
  /**
   * The site's recorded changes, newest first (at most `limit`). Changes are recorded by
   * applySync, replaceSnapshot and upsertSite in the same transaction as the write they compare
   * against.
   */
  siteHistory(accountId: string, siteId: number, limit: number): SiteHistory
  /**
   * The scope's daily rollup since `sinceDay` (YYYY-MM-DD, UTC), oldest first, each day the
   * sum of the accounts that recorded a sync that day. Whether the accounts exist is the
   * caller's to check.
   */
  historyTrend(scope: readonly string[], sinceDay: string): HistoryTrendDay[]
}

/** The app's settings and the renderer's remembered prefs. */
export interface SettingsStore {
  settings(): AppSettings
  updateSettings(patch: Partial<AppSettings>): AppSettings
  /** The renderer's remembered state under a key (prefs:get); null when never set. */
  pref(key: string): unknown
  /** Stores a JSON value under the key; null removes it. */
  setPref(key: string, value: unknown): void
}

/**
 * Everything a reader of the workspace needs (the query engine, overview, export, reports):
 * nothing here writes (Signal Desktop's read/write split of its SQL interface is the model).
 */
export interface WorkspaceReads extends SiteListReads, EventReads, HistoryReads {
  /** A sentence for the user when the database could not be read and was rebuilt; else null. */
  readonly notice: string | null
}

/** Every write, each one transaction; the sync engine and the channels of changes call them. */
export interface WorkspaceWrites {
  /**
   * A full sync, in one transaction: the account's sites and tags replaced by its complete
   * read (each changed site's history kept), lastSyncedAt set, the new events stored, what the
   * sync changed recorded (found in the same comparison as the history), the backfill's page
   * moved and old history pruned. A failure anywhere leaves all of it as it was.
   */
  applySync(accountId: string, write: SyncWrite): SyncWritten
  /**
   * The snapshot part of applySync alone (sites, tags, lastSyncedAt, history), in one
   * transaction: for a store filled without a sync (tests, benchmarks).
   */
  replaceSnapshot(accountId: string, snapshot: SnapshotWrite): void
  setSyncMeta(accountId: string, patch: Partial<AccountSyncMeta>): void
  upsertSite(accountId: string, site: Site): void
  removeSite(accountId: string, siteId: number): void
  upsertTag(accountId: string, tag: Tag): void
  /** Removes the tag and detaches it from the account's stored sites (the server does the same). */
  removeTag(accountId: string, tagId: number): void
  /** Stores the events not stored yet (by id) in one transaction; answers those that were new. */
  addEvents(accountId: string, events: readonly SiteEvent[]): SiteEvent[]
  /** Keeps what a sync changed; the newest `keep` per account are retained. */
  recordChanges(changes: SyncChanges): void
  /** Removes history and rollup rows older than the retention setting; answers rows removed. */
  pruneHistory(nowMs: number): number
  /** Every row of the account goes: sites, tags, events, changes, sync bookkeeping, its prefs. */
  removeAccount(accountId: string): void
  close(): void
}

/** The local copy of every account, read and written. */
export interface WorkspaceStore extends WorkspaceReads, WorkspaceWrites, SettingsStore {}

export const DEFAULT_SETTINGS: AppSettings = {
  syncIntervalMinutes: 5,
  theme: 'system',
  notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true },
  historyRetentionDays: HISTORY_RETENTION_DAYS.default,
}

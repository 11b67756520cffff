// The local-first workspace as every process sees it (DESIGN.md, "How data flows"): core keeps
// a synced SQLite copy of each account; the renderer reads snapshots and keyset pages of it and
// is told by push events when a sync changed it. Nothing here is secret: tokens stay in core.
import type { HealthAttentionCounts } from './health'
import type { SiteEvent } from './domain'
import type { AppError } from './errors'
import type { EventKey, RowKey } from './scope'

export type SyncStatus = 'idle' | 'syncing' | 'failed'

/** Where an account's sync stands; pushed as 'sync:state' on every change. */
export interface SyncState {
  accountId: string
  status: SyncStatus
  /** Pages read of the sites and tags lists while syncing; total null until page 1 told it. */
  progress: { done: number; total: number | null } | null
  /** Why the last sync failed (status 'failed'); the snapshot stays as it was. */
  error: AppError | null
  /** ISO time of the last sync that completed: the age of what the snapshot shows. */
  lastSyncedAt: string | null
  /** ISO time the last sync (complete or not) started. */
  lastAttemptAt: string | null
  /**
   * A sentence when the last sync completed but the server's list kept changing while it was
   * read (its total never agreed with what was read after the allowed re-reads); else null.
   */
  notice: string | null
  /** Older events still being filled in after the account's first sync. */
  backfilling: boolean
}

/** What one sync found changed since the previous snapshot (kept for overview and notifications). */
export interface SyncChanges {
  accountId: string
  /** ISO time the sync completed. */
  syncedAt: string
  /** True for an account's first sync: everything is "new", nothing is news. */
  first: boolean
  sitesAdded: number[]
  sitesRemoved: number[]
  updatesChanged: { siteId: number; from: number | null; to: number | null }[]
  lastCheckChanged: number[]
  /** Ids of events first stored by this sync, newest first (at most a few hundred kept). */
  newEventIds: number[]
  newEventCount: number
}

/** At most this many accounts in one events query's scope. */
export const MAX_EVENT_SCOPE = 500

/**
 * Keyset cursor of the events feed: the last event of the previous slice, by the feed's order
 * (time, then account id, then event id; ids are only unique within an account).
 */
export interface EventCursor {
  createdAt: string
  accountId: string
  id: number
}

/**
 * A page of the stored events of a scope (one account or several), newest first by (created
 * time, account id, event id), all descending, filtered in the store.
 */
export interface EventQuery {
  /** The accounts whose events are listed: 1 to MAX_EVENT_SCOPE ids, each an existing account, none twice. */
  scope: readonly string[]
  /** One site's feed (`accountId:siteId`, an account of the scope); absent: every site of the scope. */
  site?: RowKey
  /** Only these types; absent or empty: every type. */
  types?: readonly string[]
  /** ISO times, inclusive; either may be absent. */
  from?: string
  to?: string
  /** Full-text search over event messages and site names (words, prefix-matched). */
  text?: string
  /** Continue after this event; absent: from the newest. */
  after?: EventCursor
  /** Events per slice, default 50, at most 500. */
  limit?: number
}

/**
 * An event of a scope: the API's event with the account it belongs to, its key across
 * accounts, and its site's name as stored now, so a list of events needs no list of sites.
 */
export interface ScopedEvent extends SiteEvent {
  accountId: string
  /** `accountId:eventId` (keyOf in scope.ts). */
  key: EventKey
  /** The stored site's current name; null when the store holds no such site (deleted, or not synced yet). */
  siteName: string | null
}

export interface EventSlice {
  events: ScopedEvent[]
  /** Where the next slice starts; null when this one ends the feed. */
  next: EventCursor | null
  /** How many stored events of the scope match the query (all slices together). */
  total: number
}

/** App-wide settings the user changes in the Settings view. */
export interface AppSettings {
  /** Minutes between automatic syncs of each account (1 to 1440; default 5). */
  syncIntervalMinutes: number
  /** The colour scheme; 'system' follows the operating system's (default). */
  theme: ThemePreference
  /** Which causes raise the notification after a sync (all on by default). */
  notifyOn: NotifyOn
  /** Days of site history and trend the store keeps (7 to 3650; default 365). */
  historyRetentionDays: number
}

/** Bounds and default of AppSettings.historyRetentionDays. */
export const HISTORY_RETENTION_DAYS = { min: 7, max: 3650, default: 365 } as const

/** The site values whose changes the store keeps, sync after sync. */
export const HISTORY_FIELDS = ['updates', 'php', 'mysql', 'web', 'lastCheck'] as const
export type HistoryField = (typeof HISTORY_FIELDS)[number]

/** One value of a site that changed between two syncs: pending updates are numbers, the rest text. */
export interface SiteHistoryChange {
  /** ISO time of the sync that saw the new value. */
  at: string
  field: HistoryField
  from: string | number | null
  to: string | number | null
}

/** What the store saw change in one site, newest first. */
export interface SiteHistory {
  accountId: string
  siteId: number
  changes: SiteHistoryChange[]
  /**
   * ISO time from which the history is complete: the account's first recorded sync, or the
   * retention's cutoff when older rows have been pruned; null before any sync was recorded.
   */
  since: string | null
}

/** The account as the last sync of one day (UTC) saw it, for the overview's trend. */
export interface HistoryTrendDay {
  /** YYYY-MM-DD (UTC). */
  day: string
  /** Pending updates of all sites together. */
  pending: number
  sites: number
  /** Sites per PHP minor version ("8.2"); sites without a known version under "unknown". */
  php: Record<string, number>
}

export interface NotifyOn {
  /** New update_extension_available events. */
  newUpdateEvents: boolean
  /** Sites whose pending updates rose. */
  pendingRose: boolean
  /** Sites not checked for over 24 hours. */
  notChecked: boolean
}

/** One notification's worth of what a sync found needing attention in an account. */
export interface AttentionSummary {
  accountId: string
  accountLabel: string
  title: string
  body: string
  /** The filtered view the notification opens, e.g. /sites?updates=1. */
  path: string
  query: Record<string, string>
  /** What it counted, per cause (0 for a cause turned off in Settings). */
  counts: { newUpdateEvents: number; pendingRose: number; notChecked: number }
  /** Set when the summary is of a cycle of health checks (core/health): what changed, per kind. */
  health?: HealthAttentionCounts
}

export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const
export type ThemePreference = (typeof THEME_PREFERENCES)[number]

/** A sentence core has for the user that belongs to no call (a database rebuilt, ...). */
export interface AppNotice {
  id: string
  message: string
}

/** Pushed after a sync or an action changed what the store holds for an account. */
export interface WorkspaceChanged {
  accountId: string
  sites: boolean
  tags: boolean
  events: boolean
  /** The changes of a completed sync; null for a local change (a create or delete). */
  changes: SyncChanges | null
  /**
   * The account's store revision after the change (ScopeAccount.revision; a SitesPage's
   * revision names it), so a window can tell whether what it shows is older. Absent when
   * the sender cannot know it: the web page's own catch-up after a reconnect.
   */
  revision?: number
}

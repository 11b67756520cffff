// The one contract between the renderer and core, typed once and used by every side
// (GitHub Desktop's shared IPC channel table is the model). Every channel takes one input
// object and answers a Result; every account-scoped channel names its account explicitly, so
// there is no hidden "current account" in core and a late answer for an account the user has
// left can simply be dropped.

import type {
  Account,
  AccountsState,
  AppInfo,
  NewSite,
  Site,
  SiteEvent,
  Tag,
} from './domain'
import type { Result } from './errors'
import type { BulkDeleteItemsQuery, BulkDeletePage, BulkDeletePrepared, BulkDeleteProgress, BulkDeleteRequest } from './bulk-delete'
import type { HealthChanged, HealthSettings, HealthSettingsPatch, ScopeHealth, SiteHealth } from './health'
import type { EventsExportQuery, ExportResult, SitesExportRequest } from './exports'
import type { OverviewStats } from './overview'
import type { Report, ReportBatchProgress, ReportBatchRequest, ReportRequest, ReportTemplate, ReportTemplateSave } from './report'
import type { ReportTable } from './report-tables'
import type { RowKey, Scope } from './scope'
import type { ScopeSummary, SitesPage, SitesQuery } from './sites-query'
import type {
  AttentionSummary,
  AppNotice,
  AppSettings,
  EventQuery,
  EventSlice,
  HistoryTrendDay,
  SiteHistory,
  SyncState,
  WorkspaceChanged,
} from './workspace'

export interface AccountRef {
  accountId: string
}

/** Channel name -> [input, output]. */
export interface RequestChannels {
  'app:info': [void, AppInfo]

  'accounts:list': [void, AccountsState]
  /** Verifies base URL and token with one request before saving anything. */
  'accounts:add': [{ label: string; baseUrl: string; token: string }, Account]
  'accounts:rename': [AccountRef & { label: string }, Account]
  'accounts:replaceToken': [AccountRef & { token: string }, Account]
  'accounts:remove': [AccountRef, void]
  'accounts:setActive': [AccountRef, void]

  /** Starts (or reuses) the embedded demo workspace and returns its account. */
  'demo:open': [void, Account]

  /**
   * What the store holds for each account of a scope, at once and without the network: its
   * stored sync state, site and event counts, tags with their site counts, and revision.
   */
  'workspace:scope': [{ scope: Scope }, ScopeSummary]
  /**
   * A range of a scope's sites, filtered, searched and sorted in core, with the totals and
   * (when asked) the facet counts: the Sites table's rows, and with `keys` one site or a
   * selection. Every account of the scope must exist (not_found names those that do not).
   */
  'sites:query': [SitesQuery, SitesPage]
  /** A keyset page of the stored events of a scope, filtered and searched in the store. */
  'events:query': [EventQuery, EventSlice]

  /** Syncs the account now (or joins the sync under way); answers the state it ended in. */
  'sync:now': [AccountRef, SyncState]
  /** Stops the account's sync under way, if any; the snapshot stays as it was. */
  'sync:cancel': [AccountRef, void]
  /** Reads one site and its newest events from the server into the store (GET /sites/:id, /sites/:id/logs). */
  'sync:site': [AccountRef & { siteId: number }, Site]
  'sync:states': [void, SyncState[]]

  /** Create and delete go to the server, then into the store, then a sync follows. */
  'sites:create': [AccountRef & { site: NewSite }, Site]
  'sites:delete': [AccountRef & { siteId: number }, void]
  'tags:create': [AccountRef & { name: string }, Tag]
  'tags:delete': [AccountRef & { tagId: number }, void]

  /** Per cause, how many of the scope's sites have it, and each site's findings (only sites with any). */
  'health:scope': [{ scope: Scope }, ScopeHealth]
  /** One site's checks, response times (7 and 30 days), uptime and incidents. */
  'health:site': [{ site: RowKey }, SiteHealth]
  'health:settings': [void, HealthSettings]
  /** Changes the fields given; `account` and `site` change one entry each. */
  'health:setSettings': [HealthSettingsPatch, HealthSettings]

  'settings:get': [void, AppSettings]
  'settings:set': [Partial<AppSettings>, AppSettings]
  /** Sentences for the user raised before the window listened (a rebuilt database, ...). */
  'app:notices': [void, AppNotice[]]

  /**
   * The renderer's own remembered state (column layouts, saved views, the last view state),
   * kept in the workspace store so it survives a restart in both shells. A key names one
   * thing; an account's things end in `:<accountId>` and go when the account is removed.
   * Answers null for a key never set.
   */
  'prefs:get': [{ key: string }, unknown]
  'prefs:set': [{ key: string; value: unknown }, void]

  /**
   * Exports, written by core row by row straight to the file (never through the renderer):
   * desktop, where the person chooses in the system's save dialog (`saved`, or `cancelled`);
   * web shell, a temporary file the shell serves once at `url` within a few minutes, with its
   * token and origin rules, as an attachment (`download`: the renderer follows it with a
   * download link). The file's name is core's ("sites-agency-2026-11-23.csv").
   * export:sites writes every row the Sites view's query matches (or a selection: rows named
   * by `query.keys`, or every matching row but those in `except`) in its order, with `columns` in their order, as CSV (the columns' labels as
   * header, RFC 4180, formula-like cells guarded) or JSON (objects by field key with the site's
   * id, and in a scope of several accounts its account). Every account of the scope must exist.
   */
  'export:sites': [SitesExportRequest, ExportResult]
  /** Every stored event the feed's query matches, newest first, as CSV (with an Account column for several accounts). */
  'export:events': [EventsExportQuery, ExportResult]

  /** The scope's stored events counted per local day and type, for the overview's chart (newest day last). */
  'events:daily': [{ scope: readonly string[]; days: number; utcOffsetMinutes: number }, EventDayCount[]]

  /** What the store saw change in one site, sync after sync, newest first (at most `limit`, default 200). */
  'history:site': [AccountRef & { siteId: number; limit?: number }, SiteHistory]
  /**
   * One entry per day (UTC) with a recorded sync in the last `days`, oldest first: each day the
   * scope's accounts that recorded a sync that day, added up in core. Every account of the
   * scope must exist (not_found names the one that does not).
   */
  'history:trend': [{ scope: Scope; days: number }, HistoryTrendDay[]]

  /**
   * The Overview's figures of a scope, worked out in core from what the store holds: totals,
   * the sites with the most pending updates and the version groups of its charts. `now` (ISO)
   * is the time "not checked for over 24 hours" is measured from; default core's clock. Every
   * account of the scope must exist (not_found names the one that does not).
   */
  'overview:stats': [{ scope: Scope; now?: string }, OverviewStats]

  /**
   * A client report (core/report), computed from the store only for a period of local days:
   * the same request over the same store answers the same numbers. Every account of the
   * selection's scope must exist.
   */
  'report:build': [ReportRequest, Report]
  /** One table of the report as CSV, delivered as exports are (save dialog, or a one-time download). */
  'report:csv': [{ request: ReportRequest; table: ReportTable }, ExportResult]
  /** Desktop: the report printed to PDF from a hidden window, saved where the person chooses. */
  'report:pdf': [{ request: ReportRequest; templateId: string | null }, ExportResult]
  /** The saved report templates (white label), logos as data: URLs. */
  'report:templates': [void, ReportTemplate[]]
  'report:saveTemplate': [ReportTemplateSave, ReportTemplate]
  'report:deleteTemplate': [{ id: string }, void]
  /**
   * Desktop: "Reports for all clients", one PDF per tag (with sites) of the scope into a folder
   * the person picks; progress is pushed as `report:progress`; answers the batch's end.
   */
  'report:allClients': [ReportBatchRequest, ReportBatchProgress]
  /** Stops the batch under way after the report being printed. */
  'report:stopAll': [void, void]

  /**
   * A bulk delete, a job of core's (core/bulk): prepared from the Sites view's query and a
   * selection (as export:sites names one), it keeps the list of sites in the table's order
   * until forgotten (a few jobs at most: a new one forgets the oldest that is not running); the
   * window reads the list a page at a time. Every account of the scope must exist; a job id core
   * does not hold (forgotten) is not_found.
   */
  'bulk:deletePrepare': [BulkDeleteRequest, BulkDeletePrepared]
  /** A page of the job's sites (at most MAX_BULK_DELETE_PAGE), optionally of some states only, with the job's progress. */
  'bulk:deleteItems': [BulkDeleteItemsQuery, BulkDeletePage]
  /**
   * Deletes every pending site, one at a time, each as sites:delete does; answers once the run
   * has begun (progress follows as `bulk:progress`). A 404 is "gone", never retried.
   */
  'bulk:deleteRun': [{ jobId: string }, BulkDeleteProgress]
  /** Runs again only the sites whose delete failed. */
  'bulk:deleteRetryFailed': [{ jobId: string }, BulkDeleteProgress]
  /** Stops the run after the site being deleted: the rest of it become cancelled. */
  'bulk:deleteStop': [{ jobId: string }, BulkDeleteProgress]
  /**
   * The rows the job deleted or found gone, for a job of keys (a selection the window holds
   * already); null for a job of every matching row (its deleted rows leave the query).
   */
  'bulk:deleteRemoved': [{ jobId: string }, RowKey[] | null]
  /** Forgets the job (the dialog closed); one still running is stopped first. */
  'bulk:deleteForget': [{ jobId: string }, void]
}

/** One day's events of one type; `day` is YYYY-MM-DD in the asked offset. */
export interface EventDayCount {
  day: string
  type: string
  count: number
}

export type RequestChannel = keyof RequestChannels
export type ChannelInput<C extends RequestChannel> = RequestChannels[C][0]
export type ChannelOutput<C extends RequestChannel> = RequestChannels[C][1]

/** Push events from core to the renderer. */
export interface PushEvents {
  'accounts:changed': AccountsState
  /** Events a sync stored for the first time, newest first (bounded). */
  'events:new': { accountId: string; events: SiteEvent[] }
  /** An account's sync started, progressed, ended or failed. */
  'sync:state': SyncState
  /** What the store holds for an account changed: read the snapshot again. */
  'workspace:changed': WorkspaceChanged
  'app:notice': AppNotice
  /** After a sync (never an account's first): what needs attention, for one notification. */
  'attention:summary': AttentionSummary
  /** A cycle of health checks changed findings of these accounts: read health:scope again. */
  'health:changed': HealthChanged
  /** Desktop: a notification was clicked; the window shows this address. */
  'app:navigate': { path: string; query: Record<string, string> }
  /** Desktop: an item of the application menu or tray was chosen; run the command with this id. */
  'app:command': { id: string }
  /** "Reports for all clients": where the batch is. */
  'report:progress': ReportBatchProgress
  /** A bulk delete's progress: at its start and end, and at most ten times a second between. */
  'bulk:progress': BulkDeleteProgress
}

export type PushEvent = keyof PushEvents

/** The runtime list of request channels; the type check below keeps it equal to the map. */
export const REQUEST_CHANNELS = [
  'app:info',
  'accounts:list',
  'accounts:add',
  'accounts:rename',
  'accounts:replaceToken',
  'accounts:remove',
  'accounts:setActive',
  'demo:open',
  'workspace:scope',
  'sites:query',
  'events:query',
  'sync:now',
  'sync:cancel',
  'sync:site',
  'sync:states',
  'sites:create',
  'sites:delete',
  'tags:create',
  'tags:delete',
  'settings:get',
  'settings:set',
  'health:scope',
  'health:site',
  'health:settings',
  'health:setSettings',
  'app:notices',
  'prefs:get',
  'prefs:set',
  'export:sites',
  'export:events',
  'events:daily',
  'history:site',
  'history:trend',
  'overview:stats',
  'report:build',
  'report:csv',
  'report:pdf',
  'report:templates',
  'report:saveTemplate',
  'report:deleteTemplate',
  'report:allClients',
  'report:stopAll',
  'bulk:deletePrepare',
  'bulk:deleteItems',
  'bulk:deleteRun',
  'bulk:deleteRetryFailed',
  'bulk:deleteStop',
  'bulk:deleteRemoved',
  'bulk:deleteForget',
] as const satisfies readonly RequestChannel[]

export const PUSH_EVENTS = [
  'accounts:changed',
  'events:new',
  'sync:state',
  'workspace:changed',
  'app:notice',
  'attention:summary',
  'health:changed',
  'app:navigate',
  'app:command',
  'report:progress',
  'bulk:progress',
] as const satisfies readonly PushEvent[]

// Compile-time proof that the runtime lists name every channel of the maps and no other.
type Missing<All, Listed> = Exclude<All, Listed>
const _allRequestChannelsListed: Missing<RequestChannel, (typeof REQUEST_CHANNELS)[number]> extends never
  ? true
  : false = true
const _allPushEventsListed: Missing<PushEvent, (typeof PUSH_EVENTS)[number]> extends never
  ? true
  : false = true
void _allRequestChannelsListed
void _allPushEventsListed

/** 'sites:list' -> 'sitesList', 'accounts:replaceToken' -> 'accountsReplaceToken'. */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}`
  ? `${A}${Capitalize<B>}`
  : C

export function methodName<C extends RequestChannel>(channel: C): MethodName<C> {
  const [a, b] = channel.split(':') as [string, string]
  return `${a}${b.charAt(0).toUpperCase()}${b.slice(1)}` as MethodName<C>
}

/** The bridge the renderer sees as `window.api`, identical under Electron and the web shell. */
export type SiteManagerApi = {
  [C in RequestChannel as MethodName<C>]: ChannelInput<C> extends void
    ? () => Promise<Result<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
} & {
  /** Subscribes to a push event; returns the function that unsubscribes. */
  on<E extends PushEvent>(event: E, listener: (payload: PushEvents[E]) => void): () => void
}

/** How core answers a channel: input arrives untrusted and is validated in core. */
export type ChannelHandler<C extends RequestChannel> = (
  input: unknown,
) => Promise<Result<ChannelOutput<C>>>

export type ChannelHandlers = { [C in RequestChannel]: ChannelHandler<C> }

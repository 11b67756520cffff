// Client reports (DESIGN.md, "Reports"): what the renderer asks core to compute and what core
// answers. A report is computed from the store only, for a period of local days in a time
// zone, so asking again with the same request over the same store gives the same numbers.
// Imported by path (not through shared/index.ts), as the other feature contracts of late.
import type { HealthCause, HealthLevel } from './health'
import type { RowKey, Scope } from './scope'
import type { SiteFilter } from './sites-query'

export const REPORT_SECTIONS = ['summary', 'updates', 'installs', 'pending', 'server', 'health', 'notes'] as const
export type ReportSection = (typeof REPORT_SECTIONS)[number]

export const REPORT_SECTION_LABELS: Readonly<Record<ReportSection, string>> = {
  summary: 'Summary',
  updates: 'Updates applied',
  installs: 'Extensions installed',
  pending: 'Pending updates',
  server: 'Server software',
  health: 'Health',
  notes: 'Notes',
}

/** At most this many characters of notes. */
export const REPORT_NOTES_MAX = 20_000
/** A period of at most this many days (about two years of history is kept at most by default). */
export const REPORT_MAX_DAYS = 3_660

/**
 * Which sites the report covers: the sites of `scope` that `filter` matches (tags go in
 * `filter.tags`, a saved view's filter as it is), or only `keys` when sites were picked.
 */
export interface ReportSelection {
  scope: Scope
  filter: SiteFilter
  keys?: readonly RowKey[]
  /** What the report is for, as the cover names it ("Acme Ltd", a tag's name). */
  label: string
}

/** Local days in `timeZone` (IANA): from `from` at 00:00 up to, not including, `to` at 00:00. */
export interface ReportPeriod {
  /** YYYY-MM-DD */
  from: string
  /** YYYY-MM-DD, the day after the last day covered. */
  to: string
  timeZone: string
}

export interface ReportRequest {
  selection: ReportSelection
  period: ReportPeriod
  sections: readonly ReportSection[]
  /** The person's own notes for the period, as plain text. */
  notes: string
}

export interface ReportSite {
  key: RowKey
  accountId: string
  accountLabel: string
  name: string
  url: string
  /** The local day the site was added, when that was inside the period; else null. */
  addedInPeriod: string | null
  /** No longer in the account (its events are still held); only for whole-account reports. */
  removed: boolean
}

export interface ReportUpdate {
  site: RowKey
  siteName: string
  extension: string
  /** null: the event's text does not say (shown as "unknown", never guessed). */
  from: string | null
  to: string | null
  /** Local day (YYYY-MM-DD) in the period's time zone. */
  day: string
  at: string
}

export interface ReportInstall {
  site: RowKey
  siteName: string
  extension: string
  version: string | null
  day: string
  at: string
}

export interface ReportPendingSite {
  site: RowKey
  siteName: string
  /** As the last sync saw it; null when never known. */
  now: number | null
  /** From the history; null when the history does not reach back to that time. */
  atStart: number | null
  atEnd: number | null
}

export interface ReportServerChange {
  day: string
  field: 'php' | 'mysql' | 'web'
  from: string | null
  to: string | null
}

export interface ReportServerSite {
  site: RowKey
  siteName: string
  php: string | null
  mysql: string | null
  web: string | null
  /** End-of-life status of PHP and the database at the period's end. */
  eolLevel: HealthLevel
  eolReason: string
  changes: ReportServerChange[]
}

export interface ReportIncident {
  cause: HealthCause
  from: string
  /** null while it lasts. */
  to: string | null
  /** Within the period. */
  durationMs: number
  reason: string
}

export interface ReportHealthSite {
  site: RowKey
  siteName: string
  /** False when checks are off for the site or its account. */
  enabled: boolean
  /** Per cent of checks in the period that got an answer; null without checks. */
  uptime: number | null
  checks: number
  incidents: ReportIncident[]
  certificateExpires: string | null
  domainExpires: string | null
}

export interface ReportResponsePoint {
  /** Local day. */
  day: string
  avgMs: number
}

export interface ReportHealth {
  /** Whether checks are on for any site of the report. */
  anyEnabled: boolean
  sites: ReportHealthSite[]
  /** Average response time per day over the report's sites (days with answers only). */
  series: ReportResponsePoint[]
  uptime: number | null
  incidents: number
  /** Health results are kept a month: a sentence when the period reaches further back; else null. */
  coverageNote: string | null
}

export interface ReportAttention {
  level: HealthLevel
  text: string
}

export interface ReportSummary {
  sites: number
  updatesApplied: number
  extensionsInstalled: number
  pendingNow: number
  /** Sum over the sites whose history reaches back to the period's start; null when none does. */
  pendingAtStart: number | null
  uptime: number | null
  incidents: number
  attention: ReportAttention[]
}

export interface ReportAccountSync {
  accountId: string
  label: string
  /** ISO time of the account's last completed sync; null when never synced. */
  lastSyncedAt: string | null
}

export interface Report {
  request: ReportRequest
  /** ISO instants of the period's bounds, [fromIso, toIso). */
  fromIso: string
  toIso: string
  /** "1 Oct 2026 – 31 Oct 2026" */
  periodLabel: string
  accounts: ReportAccountSync[]
  /** Sentences for parts of the period the app holds no events for. */
  gaps: string[]
  sites: ReportSite[]
  summary: ReportSummary
  /** Oldest first, then by site name. */
  updates: ReportUpdate[]
  installs: ReportInstall[]
  pending: ReportPendingSite[]
  server: ReportServerSite[]
  health: ReportHealth
}

/** A report's look: whose it is and how it is branded. Nothing of the app's own brand unless chosen. */
export interface ReportTemplate {
  id: string
  name: string
  agencyName: string
  /** data: URL of the stored logo (shown as an <img>, never inlined markup); null when none. */
  logo: string | null
  /** #rrggbb with at least 4.5:1 against the white page. */
  accent: string
  coverLine: string
  footer: string
  /** Print "Made with Site Manager" in the footer. */
  showAppName: boolean
}

/** Saving a template; `logo` is the picked file as base64, 'keep' the stored one, null none. */
export interface ReportTemplateSave {
  id?: string
  name: string
  agencyName: string
  accent: string
  coverLine: string
  footer: string
  showAppName: boolean
  logo: { base64: string } | 'keep' | null
}

export const REPORT_LOGO_MAX_BYTES = 512 * 1024
export const REPORT_TEXT_MAX = 200

/** The default look: the agency's name is the person's to fill in. */
export const DEFAULT_REPORT_TEMPLATE: Omit<ReportTemplate, 'id'> = {
  name: 'Default',
  agencyName: '',
  logo: null,
  accent: '#1d4ed8',
  coverLine: 'Website care report',
  footer: '',
  showAppName: false,
}

/** "Reports for all clients" (desktop): one PDF per tag of the scope into a folder. */
export interface ReportBatchRequest {
  scope: Scope
  period: ReportPeriod
  sections: readonly ReportSection[]
  notes: string
  templateId: string | null
}

/** Where a batch is: pushed after each report (`report:progress`) and answered at its end. */
export interface ReportBatchProgress {
  /** Reports written so far. */
  done: number
  total: number
  /** The tag being printed; null between reports and at the end. */
  current: string | null
  /** The folder chosen; null when the person cancelled the folder dialog. */
  folder: string | null
  state: 'running' | 'finished' | 'stopped' | 'cancelled'
  /** Tags whose report could not be written, each with the reason. */
  failed: string[]
}

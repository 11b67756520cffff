// Health: what core finds by checking every site itself, from where the person sits, with no
// API of the server's (core/health). The renderer reads it through the health:* channels;
// every time is ISO 8601 text and every site is named by its RowKey (shared/scope.ts).
import type { RowKey } from './scope'

/** The checks core runs on a site, each on its own schedule. */
export const HEALTH_CHECKS = ['reachability', 'tls', 'domain', 'dns', 'eol'] as const
export type HealthCheck = (typeof HEALTH_CHECKS)[number]

/**
 * How much a check's state asks of the person, least first: ok; unknown (the check could not
 * tell, such as a domain whose registry has no RDAP); note (worth knowing, nothing to do yet);
 * notice (may be fine: DNS pointing at a CDN); warning; error.
 */
export const HEALTH_LEVELS = ['ok', 'unknown', 'note', 'notice', 'warning', 'error'] as const
export type HealthLevel = (typeof HEALTH_LEVELS)[number]

/** Why a site has a finding; one cause per check state at most. */
export const HEALTH_CAUSES = [
  'down',
  'slow',
  'keywordMissing',
  'badAddress',
  'certificateInvalid',
  'certificateExpiring',
  'domainExpired',
  'domainExpiring',
  'dnsElsewhere',
  'endOfLife',
  'endOfActiveSupport',
] as const
export type HealthCause = (typeof HEALTH_CAUSES)[number]

/**
 * Names an address may use for several causes at once (a notification about certificates opens
 * `/sites?health=certificate`: expiring and invalid ones).
 */
export const HEALTH_CAUSE_GROUPS: Readonly<Record<string, readonly HealthCause[]>> = {
  certificate: ['certificateInvalid', 'certificateExpiring'],
  domain: ['domainExpired', 'domainExpiring'],
}

/** The level each cause is found at. */
export const HEALTH_CAUSE_LEVEL: Readonly<Record<HealthCause, HealthLevel>> = {
  down: 'error',
  slow: 'warning',
  keywordMissing: 'warning',
  badAddress: 'warning',
  certificateInvalid: 'error',
  certificateExpiring: 'warning',
  domainExpired: 'error',
  domainExpiring: 'warning',
  dnsElsewhere: 'notice',
  endOfLife: 'warning',
  endOfActiveSupport: 'note',
}

/** One thing found about a site, as the Sites column and filter show it. */
export interface HealthFinding {
  check: HealthCheck
  cause: HealthCause
  level: HealthLevel
  /** One sentence. */
  reason: string
  /** A few words for the Sites column (shared/health-labels.ts): "Certificate expires in 9 days". */
  label: string
  /** When the site's state of this check began to be this finding. */
  since: string
}

/** What a reachability check saw. */
export interface ReachabilityDetails {
  kind: 'reachability'
  /** The last answer's HTTP status; null when none came. */
  status: number | null
  /** The address the redirects ended at (the site's own when there were none). */
  finalUrl: string | null
  redirects: number
  /** Time to the answer's first byte (headers); null without an answer. */
  ttfbMs: number | null
  totalMs: number | null
  /** Whether the body held the site's look-for text; null when none is set or no body was read. */
  keyword: 'found' | 'missing' | null
  /** Failures in a row (a site is down after 2 of them a minute or more apart). */
  failuresInRow: number
  /** When the first failure of the row was; null while the site answers. */
  failingSince: string | null
}

export interface TlsDetails {
  kind: 'tls'
  /** ISO time the certificate stops being valid; null when it carries none or none was seen. */
  expiresAt: string | null
  issuer: string | null
  validForHost: boolean | null
  trusted: boolean | null
}

export interface DomainDetails {
  kind: 'domain'
  /** The registrable domain (public suffix list), punycode; null for an address or an unknown suffix. */
  domain: string | null
  expiresAt: string | null
  /** The registry's RDAP service that answered; null when there is none. */
  rdapService: string | null
}

export interface DnsDetails {
  kind: 'dns'
  addresses: string[]
  /** The API's server.ip; null when the API gave none. */
  expected: string | null
}

export interface EolProductState {
  product: 'php' | 'mysql' | 'mariadb'
  /** The version as the API gave it. */
  version: string
  /** The release cycle it belongs to ("8.2"); null when the data does not know it. */
  cycle: string | null
  /** YYYY-MM-DD; null when the product has no separate active support or it is not known. */
  activeSupportUntil: string | null
  securitySupportUntil: string | null
}

export interface EolDetails {
  kind: 'eol'
  products: EolProductState[]
  /** The day the end-of-life data was taken (endoflife.date). */
  asOf: string
}

export type HealthDetails = ReachabilityDetails | TlsDetails | DomainDetails | DnsDetails | EolDetails

/** A check's current state on one site. */
export interface HealthCheckState {
  check: HealthCheck
  level: HealthLevel
  cause: HealthCause | null
  /** One sentence. */
  reason: string
  checkedAt: string
  /** Since when the state has been this level and cause. */
  since: string
  details: HealthDetails
}

/** One bucket of reachability checks: an hour (7 days) or a UTC day (30 days). */
export interface ResponseTimePoint {
  /** Start of the bucket. */
  at: string
  checks: number
  /** Checks that got an answer. */
  up: number
  /** Over the checks that got an answer; null when none did. */
  avgMs: number | null
  maxMs: number | null
}

/** A time a check was failing: a site down from - to, a certificate invalid from - to. */
export interface HealthIncident {
  check: HealthCheck
  cause: HealthCause
  from: string
  /** null while it lasts. */
  to: string | null
  reason: string
}

/** health:site: everything core knows of one site's health. */
export interface SiteHealth {
  site: RowKey
  /** False when checks are off for the site or its account. */
  enabled: boolean
  /** The text the reachability check looks for in the page; null when none is set. */
  lookFor: string | null
  /** The demo's results come from the demo itself, not the network. */
  simulated: boolean
  checks: HealthCheckState[]
  responseTimes: { hours7: ResponseTimePoint[]; days30: ResponseTimePoint[] }
  /** Per cent of checks that got an answer; null without checks. */
  uptime: { days7: number | null; days30: number | null }
  /** Newest first. */
  incidents: HealthIncident[]
  /** The day the end-of-life data was taken. */
  eolAsOf: string
}

/** health:scope: the findings of a scope's sites. */
export interface ScopeHealth {
  /** Sites with each cause. */
  counts: Record<HealthCause, number>
  /** Only the sites with at least one finding. */
  sites: Record<RowKey, HealthFinding[]>
  /** When the last check of the scope ended; null before any. */
  checkedAt: string | null
  eolAsOf: string
}

/** Which health transitions raise the notification (all on by default). */
export interface HealthNotifyOn {
  down: boolean
  /** Back up, with how long it was down. */
  recovered: boolean
  /** A certificate inside its warning window, expired or invalid. */
  certificate: boolean
  /** A domain registration inside its warning window or expired. */
  domain: boolean
  /** A PHP or database version past its end of security support. */
  endOfLife: boolean
}

export interface HealthSiteOptions {
  enabled: boolean
  lookFor: string | null
}

export interface HealthSettings {
  /** Minutes between reachability checks of each site (1 to 1440; default 5). */
  intervalMinutes: number
  /** A site answering slower than this is Slow (100 to 60,000 ms; default 3000). */
  slowThresholdMs: number
  /** Days before a certificate's or domain's expiry that it is a warning (1 to 90; default 14). */
  warningDays: number
  /** Checks at once (1 to 64; default 16); raised by itself for a cycle that would not end within the interval. */
  concurrency: number
  notifyOn: HealthNotifyOn
  /** Accounts whose checks were turned off or on by the person; absent is on. */
  accounts: Record<string, boolean>
  /** Sites with options of their own; absent is on without look-for text. */
  sites: Record<RowKey, HealthSiteOptions>
}

/** health:setSettings: the fields given change; `account` and `site` change one entry. */
export interface HealthSettingsPatch {
  intervalMinutes?: number
  slowThresholdMs?: number
  warningDays?: number
  concurrency?: number
  notifyOn?: HealthNotifyOn
  account?: { accountId: string; enabled: boolean }
  /** lookFor null or empty removes the text. */
  site?: { site: RowKey; enabled?: boolean; lookFor?: string | null }
}

/** Bounds of the settings, for the form and core's checks. */
export const HEALTH_SETTING_BOUNDS = {
  intervalMinutes: { min: 1, max: 1440, default: 5 },
  slowThresholdMs: { min: 100, max: 60_000, default: 3000 },
  warningDays: { min: 1, max: 90, default: 14 },
  concurrency: { min: 1, max: 64, default: 16 },
  lookForMaxLength: 200,
} as const

/** The transitions a health cycle's one notification counted (0 for a kind turned off). */
export interface HealthAttentionCounts {
  down: number
  recovered: number
  certificate: number
  domain: number
  endOfLife: number
}

/** Pushed after a cycle of checks changed any finding of these accounts. */
export interface HealthChanged {
  accountIds: string[]
}

// The few words the app shows for a health finding where a sentence does not fit: the Sites
// column ("Certificate expires in 9 days"), the filter and the Overview's card ("Certificate
// expiring"). One place, so the table, the filter, the card and the site page say the same.
import type { HealthCause, HealthDetails, HealthLevel } from './health'

const DAY_MS = 86_400_000

/** A cause as the Health filter and the Overview's card name it (a kind of finding, not one site's). */
export const HEALTH_CAUSE_NAMES: Readonly<Record<HealthCause, string>> = {
  down: 'Down',
  slow: 'Slow',
  keywordMissing: 'Keyword missing',
  badAddress: 'Address not checkable',
  certificateInvalid: 'Certificate invalid',
  certificateExpiring: 'Certificate expiring',
  domainExpired: 'Domain expired',
  domainExpiring: 'Domain expiring',
  dnsElsewhere: 'DNS points elsewhere',
  endOfLife: 'Past end of life',
  endOfActiveSupport: 'Security fixes only',
}

/** How a level reads beside its icon (never colour alone). */
export const HEALTH_LEVEL_NAMES: Readonly<Record<HealthLevel, string>> = {
  ok: 'OK',
  unknown: 'Not known',
  note: 'Note',
  notice: 'Notice',
  warning: 'Warning',
  error: 'Problem',
}

const PRODUCT_NAMES = { php: 'PHP', mysql: 'MySQL', mariadb: 'MariaDB' } as const

/** "31 Dec 2025" for "2025-12-31" (day, short month, year: one reading in every locale). */
export function formatHealthDay(day: string): string {
  const known = healthDayLabels.get(day)
  if (known !== undefined) return known
  const ms = Date.parse(day.length === 10 ? `${day}T00:00:00Z` : day)
  if (Number.isNaN(ms)) return day
  healthDayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
  const label = healthDayFormat.format(ms)
  if (healthDayLabels.size < HEALTH_DAY_LABELS_KEPT) healthDayLabels.set(day, label)
  return label
}
// One formatter for every label: making one costs far more than using it, and core labels
// every site of a scope's Health column (seconds per answer at 50,000 sites).
let healthDayFormat: Intl.DateTimeFormat | undefined
// And each day's label once: the days are few (an end-of-life date per PHP or MySQL release),
// the sites many. Formatting 50,000 labels took 80-100 ms, on the first open after a launch.
const HEALTH_DAY_LABELS_KEPT = 1_000
const healthDayLabels = new Map<string, string>()

/** "in 9 days", "tomorrow", "today" for an expiry ahead. */
function inDays(iso: string | null, nowMs: number): string | null {
  if (iso === null) return null
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return null
  const days = Math.floor((ms - nowMs) / DAY_MS)
  return days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`
}

/** The causes whose label reads the check's details; every other cause's label is its name. */
export const LABEL_READS_DETAILS: ReadonlySet<HealthCause> = new Set<HealthCause>(['certificateExpiring', 'certificateInvalid', 'domainExpiring', 'endOfLife', 'endOfActiveSupport'])

/**
 * A finding in a few words, for one site: "Certificate expires in 9 days", "PHP 8.1 without
 * security fixes since 31 Dec 2025". Falls back to the cause's name when the details say less,
 * or are null (a reader may leave them out for a cause not in LABEL_READS_DETAILS).
 */
export function healthLabel(cause: HealthCause, details: HealthDetails | null, nowMs: number): string {
  switch (cause) {
    case 'certificateExpiring': {
      const when = details?.kind === 'tls' ? inDays(details.expiresAt, nowMs) : null
      return when === null ? HEALTH_CAUSE_NAMES.certificateExpiring : `Certificate expires ${when}`
    }
    case 'certificateInvalid':
      return details?.kind === 'tls' && details.expiresAt !== null && Date.parse(details.expiresAt) <= nowMs ? 'Certificate expired' : HEALTH_CAUSE_NAMES.certificateInvalid
    case 'domainExpiring': {
      const when = details?.kind === 'domain' ? inDays(details.expiresAt, nowMs) : null
      return when === null ? HEALTH_CAUSE_NAMES.domainExpiring : `Domain expires ${when}`
    }
    case 'endOfLife':
    case 'endOfActiveSupport': {
      if (details?.kind !== 'eol') return HEALTH_CAUSE_NAMES[cause]
      const today = new Date(nowMs).toISOString().slice(0, 10)
      const past = details.products.filter((p) =>
        cause === 'endOfLife' ? p.securitySupportUntil !== null && p.securitySupportUntil < today : p.activeSupportUntil !== null && p.activeSupportUntil < today,
      )
      const first = past[0]
      if (first === undefined || first.cycle === null) return HEALTH_CAUSE_NAMES[cause]
      const name = `${PRODUCT_NAMES[first.product]} ${first.cycle}`
      const more = past.length > 1 ? ` (+${past.length - 1})` : ''
      return cause === 'endOfLife'
        ? `${name} without security fixes since ${formatHealthDay(first.securitySupportUntil!)}${more}`
        : `${name}: security fixes only${first.securitySupportUntil ? ` until ${formatHealthDay(first.securitySupportUntil)}` : ''}${more}`
    }
    default:
      return HEALTH_CAUSE_NAMES[cause]
  }
}

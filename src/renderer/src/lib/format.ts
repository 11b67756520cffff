// Numbers and dates in the user's locale (Intl), relative times with date-fns.
import { formatDistanceToNowStrict } from 'date-fns'

const numberFormat = new Intl.NumberFormat(undefined)
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const longDateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' })
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function formatNumber(value: number): string {
  return numberFormat.format(value)
}

function parse(iso: string): Date | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "12 Mar 2025, 14:03" in the user's locale; the raw text if it is not a date. */
export function formatDateTime(iso: string): string {
  const date = parse(iso)
  return date ? dateTimeFormat.format(date) : iso
}

/** Full, exact time for tooltips: "Wednesday, 12 March 2025 at 14:03:27". */
export function formatExactTime(iso: string): string {
  const date = parse(iso)
  return date ? longDateTimeFormat.format(date) : iso
}

export function formatDate(iso: string): string {
  const date = parse(iso)
  return date ? dateFormat.format(date) : iso
}

/** "3 minutes ago", "in 2 days"; "just now" under a minute so fresh items do not flicker. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const date = parse(iso)
  if (!date) return iso
  if (Math.abs(now - date.getTime()) < 60_000) return 'just now'
  return formatDistanceToNowStrict(date, { addSuffix: true })
}

/** "1 site", "3 sites", with the count in the user's locale. */
export function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`
}

/** The host of an address for compact display; the whole text when it is not a URL. */
export function hostOf(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.host + (parsed.pathname === '/' ? '' : parsed.pathname)
  } catch {
    return url
  }
}

/**
 * Server software in a narrow cell: "10.11.7-MariaDB" -> "10.11.7", "Apache/2.4.58 (Debian)"
 * -> "Apache 2.4.58". The full text stays available as a tooltip.
 */
export function shortSoftware(value: string): string {
  return value
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/^(\d+(?:\.\d+)*)-[A-Za-z].*$/, '$1')
    .replace('/', ' ')
}

/** How many tags fit a table cell: the first always, a second when both are short. */
export function tagsThatFit(names: readonly string[], budget = 13): number {
  if (names.length <= 1) return names.length
  return (names[0]?.length ?? 0) + (names[1]?.length ?? 0) <= budget ? 2 : 1
}

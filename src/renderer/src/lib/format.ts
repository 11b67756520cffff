// Numbers and dates in the user's locale, all with Intl: exact times with DateTimeFormat,
// relative times ("3 hours ago", "vor 3 Stunden") with RelativeTimeFormat.

import { madeOnFirstUse } from './made-on-first-use'

// Each made when first used: a cold formatter loads its locale data (made-on-first-use.ts).
const numberFormat = madeOnFirstUse(() => new Intl.NumberFormat(undefined))
const longDateTimeFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' }))
const dateFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))

export function formatNumber(value: number): string {
  return numberFormat().format(value)
}

function parse(iso: string): Date | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Full, exact time for tooltips: "Wednesday, 12 March 2025 at 14:03:27". */
export function formatExactTime(iso: string): string {
  const date = parse(iso)
  return date ? longDateTimeFormat().format(date) : iso
}

export function formatDate(iso: string): string {
  const date = parse(iso)
  return date ? dateFormat().format(date) : iso
}

/** The language the person uses; Intl's default when the browser does not say. */
export function userLocale(): string | undefined {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : undefined
}

// Built once per locale: constructing Intl formatters is costly and times re-render each minute.
const relativeFormats = new Map<string, { numeric: Intl.RelativeTimeFormat; now: string }>()
function relativeFormatFor(locale: string | undefined) {
  const key = locale ?? ''
  let entry = relativeFormats.get(key)
  if (!entry) {
    entry = {
      // "always": "1 day ago" rather than "yesterday", which rounding could make untrue.
      numeric: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
      now: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second'),
    }
    relativeFormats.set(key, entry)
  }
  return entry
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
// Each unit with its length, and how many of it show before the next unit takes over
// (months and years approximate, as in any "n months ago").
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number, number]> = [
  ['minute', MINUTE, 60],
  ['hour', HOUR, 24],
  ['day', DAY, 30],
  ['month', 30 * DAY, 12],
  ['year', 365 * DAY, Infinity],
]

/**
 * "3 minutes ago", "in 2 days", in the user's locale; "now" (in that locale) under a minute
 * so fresh items do not flicker. The raw text if it is not a date.
 */
export function formatRelative(iso: string, now: number = Date.now(), locale: string | undefined = userLocale()): string {
  const date = parse(iso)
  if (!date) return iso
  const format = relativeFormatFor(locale)
  const delta = date.getTime() - now
  const distance = Math.abs(delta)
  if (distance < MINUTE) return format.now
  // Rounded, and the unit chosen on the rounded count: 59.6 minutes is "1 hour", not "60 minutes".
  for (const [unit, length, limit] of UNITS) {
    const count = Math.round(distance / length)
    if (count < limit) return format.numeric.format(Math.sign(delta) * count, unit)
  }
  return iso
}

/**
 * A time this far ahead of this computer's clock is the server's clock running a little
 * ahead (or a tick not yet taken), not a date in the future: none of the past times the app
 * shows (created, checked, published, an event) can be.
 */
const CLOCK_SKEW_MS = 5 * MINUTE

/** formatRelative for a time that is in the past: under a minute old, or a little ahead, is "just now". */
export function formatPastRelative(iso: string, now: number = Date.now(), locale: string | undefined = userLocale()): string {
  const at = Date.parse(iso)
  if (!Number.isNaN(at)) {
    const delta = at - now
    if (delta > -MINUTE && delta < CLOCK_SKEW_MS) return 'just now'
  }
  return formatRelative(iso, now, locale)
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


const clockFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }))
const dayAndClockFormat = madeOnFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }))

/** When something is from, as a person reads a clock: "10:42" today, "3 Mar 2025, 10:42" on another day. */
export function formatClock(iso: string, now: number = Date.now()): string {
  const date = parse(iso)
  if (!date) return iso
  return date.toDateString() === new Date(now).toDateString() ? clockFormat().format(date) : dayAndClockFormat().format(date)
}

/** "Synced 3 minutes ago"; "Synced just now" under a minute (never "Synced now"). */
export function formatSyncedAgo(iso: string, now: number = Date.now(), locale: string | undefined = userLocale()): string {
  const date = parse(iso)
  if (!date) return 'Synced'
  if (Math.abs(now - date.getTime()) < MINUTE) return 'Synced just now'
  return `Synced ${formatRelative(iso, now, locale)}`
}

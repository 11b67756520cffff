// A report's period is local days in the person's time zone; the store keeps instants. These
// turn one into the other with the platform's time zone data (Intl), so a report made in
// Berlin for October covers Berlin's October, whatever the machine's own zone.
import { REPORT_MAX_DAYS, type ReportPeriod } from '../../shared/report'
import { appError } from '../errors'

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/
const partsFormats = new Map<string, Intl.DateTimeFormat>()
const dayFormats = new Map<string, Intl.DateTimeFormat>()

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partsFormats.set(timeZone, format)
  }
  return format
}

/** Whether the platform knows this IANA time zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormat(timeZone)
    return true
  } catch {
    return false
  }
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {}
  for (const part of partsFormat(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
  return wall - Math.floor(ms / 1000) * 1000
}

/** The instant a local day begins in the zone (the first instant of that date there). */
export function localMidnightMs(day: string, timeZone: string): number {
  const match = DAY_RE.exec(day)
  if (match === null) throw new RangeError(`${day} is not a day`)
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  // Two passes settle the offset around a daylight-saving change.
  let ms = wall - offsetMs(wall, timeZone)
  ms = wall - offsetMs(ms, timeZone)
  return ms
}

/** The local day (YYYY-MM-DD) of an instant in the zone. */
export function localDay(ms: number, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (format === undefined) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(new Date(ms))
}

/** The day before a YYYY-MM-DD day (calendar arithmetic, no zone involved). */
export function previousDay(day: string): string {
  const match = DAY_RE.exec(day)!
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 1)).toISOString().slice(0, 10)
}

const LABEL = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' })

/** "3 Oct 2026" for a YYYY-MM-DD day. */
export function dayLabel(day: string): string {
  return LABEL.format(new Date(`${day}T00:00:00Z`))
}

export interface PeriodBounds {
  fromMs: number
  toMs: number
  label: string
}

/** The period's instants [fromMs, toMs); a bad day, zone or an empty period is invalid_input. */
export function periodBounds(period: ReportPeriod): PeriodBounds {
  const refuse = (field: string, message: string): never => {
    throw appError({ code: 'invalid_input', message, fields: { [field]: [message] } })
  }
  if (!isTimeZone(period.timeZone)) refuse('timeZone', `${period.timeZone} is not a time zone this system knows.`)
  for (const field of ['from', 'to'] as const) {
    const match = DAY_RE.exec(period[field])
    const valid = match !== null && new Date(`${period[field]}T00:00:00Z`).toISOString().startsWith(period[field])
    if (!valid) refuse(field, `${period[field]} is not a date (YYYY-MM-DD).`)
  }
  if (period.to <= period.from) refuse('to', 'The period is empty: its last day comes before its first.')
  const fromMs = localMidnightMs(period.from, period.timeZone)
  const toMs = localMidnightMs(period.to, period.timeZone)
  if (toMs - fromMs > REPORT_MAX_DAYS * 86_400_000) refuse('to', `A report covers at most ${REPORT_MAX_DAYS} days.`)
  return { fromMs, toMs, label: `${dayLabel(period.from)} – ${dayLabel(previousDay(period.to))}` }
}

// The periods the Reports view offers, as local days in the person's time zone: the report's
// period is [from, to), `to` the day after the last day shown to the person.
import type { ReportPeriod } from '../../../shared/report'

export type PeriodPreset = 'last-month' | 'this-month' | 'last-30-days' | 'custom'

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** The person's own IANA zone ("UTC" where the platform does not say). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date = new Date(), timeZone = localTimeZone()): ReportPeriod {
  const y = now.getFullYear()
  const m = now.getMonth()
  if (preset === 'last-month') return { from: dayOf(new Date(y, m - 1, 1)), to: dayOf(new Date(y, m, 1)), timeZone }
  if (preset === 'this-month') return { from: dayOf(new Date(y, m, 1)), to: dayOf(new Date(y, m, now.getDate() + 1)), timeZone }
  return { from: dayOf(new Date(y, m, now.getDate() - 29)), to: dayOf(new Date(y, m, now.getDate() + 1)), timeZone }
}

/** The last day inside a period (the form shows it; the period keeps the day after). */
export function lastDayOf(period: Pick<ReportPeriod, 'to'>): string {
  const [y, m, d] = period.to.split('-').map(Number) as [number, number, number]
  return dayOf(new Date(y, m - 1, d - 1))
}

/** The day after a YYYY-MM-DD day; '' for anything else. */
export function dayAfter(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (match === null) return ''
  return dayOf(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1))
}

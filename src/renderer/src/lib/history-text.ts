// How a recorded change of a site reads: "PHP 8.1.27 → 8.2.18 on 3 Nov" (history:site).
import type { HistoryField, SiteHistoryChange } from '../../../shared'
import { formatNumber } from './format'

export const HISTORY_FIELD_LABELS: Record<HistoryField, string> = {
  updates: 'Pending updates',
  php: 'PHP',
  mysql: 'MySQL',
  web: 'Web server',
  lastCheck: 'Last check',
}

const shortDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })
const shortDateWithYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

/** "3 Nov" this year, "3 Nov 2025" before it. */
export function historyDay(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return (date.getFullYear() === now.getFullYear() ? shortDate : shortDateWithYear).format(date)
}

function value(field: HistoryField, raw: string | number | null, now: Date): string {
  if (raw === null || raw === '') return field === 'lastCheck' ? 'never' : 'unknown'
  if (field === 'updates' && typeof raw === 'number') return formatNumber(raw)
  if (field === 'lastCheck' && typeof raw === 'string') return historyDay(raw, now)
  return String(raw)
}

/** The change without its date: "PHP 8.1.27 → 8.2.18". */
export function historyChangeText(change: SiteHistoryChange, now: Date = new Date()): string {
  return `${HISTORY_FIELD_LABELS[change.field]} ${value(change.field, change.from, now)} → ${value(change.field, change.to, now)}`
}

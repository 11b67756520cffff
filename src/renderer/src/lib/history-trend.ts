// The overview's 90-day trend (history:trend) as chart data: pending updates per day, and
// sites per PHP minor version per day. Only days a sync was recorded appear: a day without a
// sync has no figure, and drawing it as zero would claim something nobody saw.
import type { HistoryTrendDay } from '../../../shared'

export const TREND_DAYS = 90

export interface TrendSeries {
  days: string[]
  pending: number[]
  /** One series per PHP minor, oldest version first, "unknown" last. */
  php: { version: string; counts: number[] }[]
}

function compareVersions(a: string, b: string): number {
  if (a === 'unknown') return 1
  if (b === 'unknown') return -1
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number)
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number)
  return aMajor - bMajor || aMinor - bMinor
}

export function trendSeries(rows: readonly HistoryTrendDay[]): TrendSeries {
  const versions = new Set<string>()
  for (const row of rows) for (const version of Object.keys(row.php)) versions.add(version)
  return {
    days: rows.map((row) => row.day),
    pending: rows.map((row) => row.pending),
    php: [...versions].sort(compareVersions).map((version) => ({ version, counts: rows.map((row) => row.php[version] ?? 0) })),
  }
}

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })

/** "2026-11-03" (a UTC day) -> "Nov 3" in the person's locale. */
export function trendDayLabel(day: string): string {
  const date = new Date(`${day}T12:00:00Z`)
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date)
}

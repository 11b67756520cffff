// The events-per-day chart's layout: the per-day, per-type counts core answers ('events:daily')
// as one series per type over every one of the last days (days without events included).
export interface DailySeries {
  /** 'YYYY-MM-DD', oldest first, one per day (days without events included). */
  days: string[]
  /** Per event type, one count per day, types by their total (most first). */
  series: Array<{ type: string; counts: number[]; total: number }>
}

/** The local calendar day of a time as 'YYYY-MM-DD'. */
export function localDay(time: number): string {
  const d = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The last `days` local days up to today, oldest first. */
export function lastDays(days: number, now: number): string[] {
  const out: string[] = []
  const today = new Date(now)
  for (let i = days - 1; i >= 0; i--) {
    // Calendar arithmetic, not 24-hour steps: a daylight-saving day is 23 or 25 hours long.
    out.push(localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - i, 12).getTime()))
  }
  return out
}

export function dailySeries(rows: ReadonlyArray<{ day: string; type: string; count: number }>, days: readonly string[]): DailySeries {
  const index = new Map(days.map((day, i) => [day, i]))
  const byType = new Map<string, number[]>()
  for (const row of rows) {
    const i = index.get(row.day)
    if (i === undefined) continue
    const counts = byType.get(row.type) ?? days.map(() => 0)
    counts[i] = (counts[i] ?? 0) + row.count
    byType.set(row.type, counts)
  }
  const series = [...byType.entries()]
    .map(([type, counts]) => ({ type, counts, total: counts.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.type.localeCompare(b.type))
  return { days: [...days], series }
}

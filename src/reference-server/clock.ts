// Timestamps as the spec shows them: ISO 8601, whole seconds, numeric UTC offset
// (2026-11-21T10:00:00+00:00), never the "Z" or milliseconds that Date#toISOString gives.

export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00')
}

export function minutesBefore(date: Date, minutes: number): Date {
  return new Date(date.getTime() - Math.round(minutes * 60_000))
}

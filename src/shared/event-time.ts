// ISO times to UTC epoch milliseconds, the sortable form of created_at: core's store orders
// and pages events by it (and their cursors). The API writes numeric offsets (2026-11-02T10:15:00+00:00), which do not sort as
// text across offsets. Parsed by hand rather than Date.parse so that the result does not depend on the machine's
// time zone or on V8's lenient legacy formats.

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i

/** Epoch milliseconds of an ISO 8601 time; a time without a zone is read as UTC; null if not ISO. */
export function isoToEpochMs(value: string): number | null {
  const m = ISO_TIME.exec(value.trim())
  if (m === null) return null
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = m
  const mo = Number(month)
  const d = Number(day)
  const h = Number(hour)
  const mi = Number(minute)
  const s = Number(second)
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null
  // Sub-millisecond digits are dropped: ties within a millisecond are ordered by event id.
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
  const local = Date.UTC(Number(year), mo - 1, d, h, mi, s, ms)
  return local - zoneOffsetMs(zone)
}

/**
 * created_ms of a stored event. An unreadable created_at (the API client validates, so this
 * should not happen) sorts as the oldest rather than failing the whole write; cursors use the
 * same function, so paging stays consistent either way.
 */
export function eventTimeMs(createdAt: string): number {
  return isoToEpochMs(createdAt) ?? 0
}

function zoneOffsetMs(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  const hours = Number(digits.slice(0, 2))
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0
  return sign * (hours * 60 + minutes) * 60_000
}

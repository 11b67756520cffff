// The events of an export as the lines of a CSV file, newest first as the feed lists them; in a
// scope of several accounts each row names its account. Times are ISO 8601 (UTC), as the API
// gives them; a site's name is the stored site's (empty when the store holds no such site).
import { csvRecord, type ScopedEvent } from '../../shared'

export const EVENT_CSV_HEADER = ['Time', 'Site id', 'Site name', 'Type', 'Category', 'Message'] as const
export const ACCOUNT_EVENT_CSV_HEADER = ['Time', 'Account', 'Site id', 'Site name', 'Type', 'Category', 'Message'] as const

/** The time in ISO 8601 (UTC); a value that is not a date is kept as written. */
function isoTime(value: string): string {
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? value : at.toISOString()
}

export function* eventLines(
  events: Iterable<ScopedEvent>,
  options: { severalAccounts: boolean; accountLabel: (accountId: string) => string },
): Generator<string> {
  const many = options.severalAccounts
  yield csvRecord(many ? ACCOUNT_EVENT_CSV_HEADER : EVENT_CSV_HEADER)
  for (const e of events) {
    const site = [String(e.site_id), e.siteName ?? '', e.type, e.category, e.message]
    yield csvRecord(many ? [isoTime(e.created_at), options.accountLabel(e.accountId), ...site] : [isoTime(e.created_at), ...site])
  }
}

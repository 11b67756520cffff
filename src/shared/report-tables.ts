// The tables of a report as text, defined once: the preview prints them and core writes them as
// CSV, so the file and the page always agree. A version an event did not carry is "unknown".
import type { Report } from './report'

export const REPORT_TABLES = ['sites', 'updates', 'installs', 'pending', 'server', 'incidents'] as const
export type ReportTable = (typeof REPORT_TABLES)[number]

export const REPORT_TABLE_TITLES: Readonly<Record<ReportTable, string>> = {
  sites: 'Sites covered',
  updates: 'Updates applied',
  installs: 'Extensions installed',
  pending: 'Pending updates',
  server: 'Server software',
  incidents: 'Incidents',
}

export interface ReportTableText {
  header: string[]
  rows: string[][]
}

export const UNKNOWN_VERSION = 'unknown'
const NOT_KNOWN = 'not known'

const version = (value: string | null): string => value ?? UNKNOWN_VERSION
const count = (value: number | null): string => (value === null ? NOT_KNOWN : String(value))
const utc = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** "2 h 5 min", "3 d 4 h", "45 s". */
export function durationText(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`
}

/** The change of pending updates over the period: "+3", "-2", "0", or not known. */
export function changeText(atStart: number | null, atEnd: number | null): string {
  if (atStart === null || atEnd === null) return NOT_KNOWN
  const change = atEnd - atStart
  return change > 0 ? `+${change}` : String(change)
}

export function reportTable(report: Report, table: ReportTable): ReportTableText {
  switch (table) {
    case 'sites':
      return {
        header: ['Site', 'Address', 'Account', 'Note'],
        rows: report.sites.map((s) => [s.name, s.url, s.accountLabel, s.removed ? 'No longer in the account' : s.addedInPeriod ? `Added ${s.addedInPeriod}` : '']),
      }
    case 'updates':
      return {
        header: ['Date', 'Site', 'Extension', 'From', 'To'],
        rows: report.updates.map((u) => [u.day, u.siteName, u.extension, version(u.from), version(u.to)]),
      }
    case 'installs':
      return {
        header: ['Date', 'Site', 'Extension', 'Version'],
        rows: report.installs.map((i) => [i.day, i.siteName, i.extension, version(i.version)]),
      }
    case 'pending':
      return {
        header: ['Site', 'At the start', 'At the end', 'Change', 'Now'],
        rows: report.pending.map((p) => [p.siteName, count(p.atStart), count(p.atEnd), changeText(p.atStart, p.atEnd), count(p.now)]),
      }
    case 'server':
      return {
        header: ['Site', 'PHP', 'Database', 'Web server', 'End of life', 'Changes in the period'],
        rows: report.server.map((s) => [
          s.siteName,
          s.php ?? NOT_KNOWN,
          s.mysql ?? NOT_KNOWN,
          s.web ?? NOT_KNOWN,
          s.eolReason,
          s.changes.map((c) => `${c.day}: ${c.field === 'mysql' ? 'database' : c.field === 'web' ? 'web server' : 'PHP'} ${c.from ?? NOT_KNOWN} -> ${c.to ?? NOT_KNOWN}`).join('; '),
        ]),
      }
    case 'incidents':
      return {
        header: ['Site', 'What', 'From', 'To', 'Duration'],
        rows: report.health.sites.flatMap((s) =>
          s.incidents.map((i) => [s.siteName, i.reason, utc(i.from), i.to === null ? 'still open' : utc(i.to), durationText(i.durationMs)]),
        ),
      }
  }
}

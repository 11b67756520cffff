// A report's tables as text, once for the page and the CSV: every table's header and cells,
// "unknown" for versions the events did not carry, "not known" for figures the history does
// not reach, changes signed, incidents with their duration, removed and added sites named.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER } from '../../../src/shared'
import type { Report } from '../../../src/shared/report'
import { changeText, durationText, REPORT_TABLES, reportTable } from '../../../src/shared/report-tables'
import { ACCENT_MIN_CONTRAST, accentContrast } from '../../../src/shared/report-accent'

const report: Report = {
  request: { selection: { scope: ['a'], filter: EMPTY_FILTER, label: 'Acme' }, period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: [], notes: '' },
  fromIso: '2026-10-01T00:00:00.000Z',
  toIso: '2026-11-01T00:00:00.000Z',
  periodLabel: '1 Oct 2026 – 31 Oct 2026',
  accounts: [],
  gaps: [],
  sites: [
    { key: 'a:1', accountId: 'a', accountLabel: 'Agency', name: '=Alpha', url: 'https://alpha.example', addedInPeriod: null, removed: false },
    { key: 'a:2', accountId: 'a', accountLabel: 'Agency', name: 'Beta', url: 'https://beta.example', addedInPeriod: '2026-10-15', removed: false },
    { key: 'a:9', accountId: 'a', accountLabel: 'Agency', name: 'Site #9 (removed)', url: '', addedInPeriod: null, removed: true },
  ],
  summary: { sites: 3, updatesApplied: 1, extensionsInstalled: 1, pendingNow: 0, pendingAtStart: null, uptime: null, incidents: 2, attention: [] },
  updates: [{ site: 'a:1', siteName: '=Alpha', extension: 'Jetpack', from: null, to: '13.2', day: '2026-10-03', at: '2026-10-03T10:00:00.000Z' }],
  installs: [{ site: 'a:2', siteName: 'Beta', extension: 'Custom Module', version: null, day: '2026-10-16', at: '2026-10-16T10:00:00.000Z' }],
  pending: [
    { site: 'a:1', siteName: '=Alpha', now: 5, atStart: 3, atEnd: 5 },
    { site: 'a:2', siteName: 'Beta', now: 0, atStart: 2, atEnd: 0 },
    { site: 'a:9', siteName: 'Gone', now: null, atStart: null, atEnd: null },
  ],
  server: [
    {
      site: 'a:1',
      siteName: '=Alpha',
      php: '8.3.1',
      mysql: null,
      web: 'nginx',
      eolLevel: 'ok',
      eolReason: 'PHP 8.3 supported.',
      changes: [
        { day: '2026-10-20', field: 'php', from: '8.2.1', to: '8.3.1' },
        { day: '2026-10-21', field: 'mysql', from: null, to: '8.0.36' },
        { day: '2026-10-22', field: 'web', from: 'apache', to: 'nginx' },
      ],
    },
  ],
  health: {
    anyEnabled: true,
    sites: [
      {
        site: 'a:1',
        siteName: '=Alpha',
        enabled: true,
        uptime: 99.5,
        checks: 200,
        certificateExpires: null,
        domainExpires: null,
        incidents: [
          { cause: 'down', from: '2026-10-05T10:00:00.000Z', to: '2026-10-05T12:05:00.000Z', durationMs: 125 * 60_000, reason: 'Not answering' },
          { cause: 'slow', from: '2026-10-30T10:00:00.000Z', to: null, durationMs: 26 * 3_600_000, reason: 'Slow' },
        ],
      },
    ],
    series: [],
    uptime: 99.5,
    incidents: 2,
    coverageNote: null,
  },
}

describe('report tables', () => {
  it('writes every table with its header and its cells as the page shows them', () => {
    expect(REPORT_TABLES.map((t) => reportTable(report, t).header.length)).toEqual([4, 5, 4, 5, 6, 5])
    expect(reportTable(report, 'sites').rows.map((r) => r[3])).toEqual(['', 'Added 2026-10-15', 'No longer in the account'])
    expect(reportTable(report, 'updates').rows).toEqual([['2026-10-03', '=Alpha', 'Jetpack', 'unknown', '13.2']])
    expect(reportTable(report, 'installs').rows).toEqual([['2026-10-16', 'Beta', 'Custom Module', 'unknown']])
    expect(reportTable(report, 'pending').rows).toEqual([
      ['=Alpha', '3', '5', '+2', '5'],
      ['Beta', '2', '0', '-2', '0'],
      ['Gone', 'not known', 'not known', 'not known', 'not known'],
    ])
    expect(reportTable(report, 'server').rows).toEqual([
      ['=Alpha', '8.3.1', 'not known', 'nginx', 'PHP 8.3 supported.', '2026-10-20: PHP 8.2.1 -> 8.3.1; 2026-10-21: database not known -> 8.0.36; 2026-10-22: web server apache -> nginx'],
    ])
    expect(reportTable(report, 'incidents').rows).toEqual([
      ['=Alpha', 'Not answering', '2026-10-05 10:00 UTC', '2026-10-05 12:05 UTC', '2 h 5 min'],
      ['=Alpha', 'Slow', '2026-10-30 10:00 UTC', 'still open', '1 d 2 h'],
    ])
  })

  it('writes durations and changes briefly', () => {
    expect([durationText(45_000), durationText(60 * 60_000), durationText(2 * 86_400_000)]).toEqual(['45 s', '1 h', '2 d'])
    expect([changeText(1, 1), changeText(null, 3), changeText(3, null)]).toEqual(['0', 'not known', 'not known'])
  })

  it('keeps the default accent at AA on the white page', () => {
    expect(accentContrast('#1d4ed8')).toBeGreaterThanOrEqual(ACCENT_MIN_CONTRAST)
  })
})

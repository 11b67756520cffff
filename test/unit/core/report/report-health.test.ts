// The health section from health's own answers: uptime over the period's daily buckets only,
// incidents that overlap the period with the duration inside it (one still open counted to
// now), certificate and domain expiry, one response-time series over the sites, a site whose
// checks are off, and the note when the period reaches past the month health keeps.
import { describe, expect, it } from 'vitest'
import { reportHealth } from '../../../../src/core/report/report-health'
import type { SiteHealth } from '../../../../src/shared/health'
import type { SiteRow } from '../../../../src/shared'
import { site } from '../store/fixtures'

const DAY = 86_400_000
const from = Date.parse('2026-11-01T00:00:00Z')
const to = Date.parse('2026-11-08T00:00:00Z')
const now = Date.parse('2026-11-10T12:00:00Z')
const bucket = (day: string, checks: number, up: number, avgMs: number | null) => ({ at: `${day}T00:00:00.000Z`, checks, up, avgMs, maxMs: avgMs })

function health(key: string, overrides: Partial<SiteHealth> = {}): SiteHealth {
  return {
    site: key,
    enabled: true,
    lookFor: null,
    simulated: true,
    checks: [
      { check: 'tls', level: 'ok', cause: null, reason: '', checkedAt: '', since: '', details: { kind: 'tls', expiresAt: '2027-01-31T00:00:00.000Z', issuer: null, validForHost: true, trusted: true } },
      { check: 'domain', level: 'ok', cause: null, reason: '', checkedAt: '', since: '', details: { kind: 'domain', domain: 'a.example', expiresAt: '2027-06-01T00:00:00.000Z', rdapService: null } },
    ],
    responseTimes: {
      hours7: [],
      days30: [bucket('2026-10-31', 288, 0, null), bucket('2026-11-01', 288, 286, 200), bucket('2026-11-02', 288, 288, 400), bucket('2026-11-08', 288, 0, null)],
    },
    uptime: { days7: null, days30: null },
    incidents: [
      { check: 'reachability', cause: 'slow', from: '2026-11-09T00:00:00.000Z', to: null, reason: 'Slow, after the period' },
      { check: 'reachability', cause: 'down', from: '2026-11-07T23:00:00.000Z', to: null, reason: 'Not answering since the last evening' },
      { check: 'reachability', cause: 'down', from: '2026-10-31T23:00:00.000Z', to: '2026-11-01T01:00:00.000Z', reason: 'Not answering over midnight' },
      { check: 'reachability', cause: 'down', from: '2026-10-20T00:00:00.000Z', to: '2026-10-20T01:00:00.000Z', reason: 'Before the period' },
    ],
    eolAsOf: '2026-11-01',
    ...overrides,
  }
}

const rows: SiteRow[] = [
  { key: 'a:1', accountId: 'a', site: site(1, { name: 'Alpha' }) },
  { key: 'a:2', accountId: 'a', site: site(2, { name: 'Beta' }) },
  { key: 'a:3', accountId: 'a', site: site(3, { name: 'Gamma' }) },
]
const answers: Record<number, SiteHealth | null> = {
  1: health('a:1'),
  2: health('a:2', { enabled: false, checks: [], responseTimes: { hours7: [], days30: [] }, incidents: [] }),
  3: null,
}

describe('the report\'s health section', () => {
  it('counts only the period: uptime, incidents with their time inside it, and one series', () => {
    const section = reportHealth(rows, (_, id) => answers[id] ?? null, { fromMs: from, toMs: to }, 'UTC', now)
    expect(section.anyEnabled).toBe(true)
    expect(section.sites.map((s) => [s.siteName, s.enabled, s.uptime, s.checks])).toEqual([
      ['Alpha', true, 99.65, 576],
      ['Beta', false, null, 0],
    ])
    expect(section.sites[0]!.incidents.map((i) => [i.reason, i.durationMs])).toEqual([
      ['Not answering over midnight', 1 * 3_600_000],
      ['Not answering since the last evening', 1 * 3_600_000],
    ])
    expect(section.sites[0]).toMatchObject({ certificateExpires: '2027-01-31T00:00:00.000Z', domainExpires: '2027-06-01T00:00:00.000Z' })
    expect(section.series).toEqual([
      { day: '2026-11-01', avgMs: 200 },
      { day: '2026-11-02', avgMs: 400 },
    ])
    expect(section).toMatchObject({ uptime: 99.65, incidents: 2, coverageNote: null })
  })

  it('says so when the period reaches past the month health keeps', () => {
    const section = reportHealth(rows, (_, id) => answers[id] ?? null, { fromMs: from - 60 * DAY, toMs: to }, 'UTC', now)
    expect(section.coverageNote).toContain('kept for 30 days')
  })
})

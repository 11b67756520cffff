// The report model over a real store seeded with events of known dates and versions: the
// period's edges in the person's time zone (with a daylight-saving change inside it), sites
// added in the period and removed before it was made, events whose text carries no versions,
// pending updates from the history, accounts whose events do not reach back, reproducibility.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildReport } from '../../../../src/core/report/build-report'
import type { ReportSources } from '../../../../src/core/report/report-sources'
import type { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { EMPTY_FILTER } from '../../../../src/shared'
import { REPORT_SECTIONS, type ReportRequest } from '../../../../src/shared/report'
import { reportTable } from '../../../../src/shared/report-tables'
import { ACCOUNT_A, ACCOUNT_B, event, site, storesPerTest, tag } from '../store/fixtures'

const { dirs, stores } = await storesPerTest()
const NOW = Date.parse('2026-11-10T12:00:00Z')

beforeAll(() => {
  // The store dates its history by the clock; SQLite itself is not affected.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})
afterAll(() => {
  vi.useRealTimers()
})

const CLIENT = tag(10, 'Acme')
const tagged = { tags: [CLIENT] }

async function seeded(): Promise<{ store: SqliteWorkspaceStore; sources: ReportSources }> {
  const store = stores.open(await dirs.make())
  const alpha = site(1, { name: 'Alpha', updates_count: 3, ...tagged })
  const beta = site(2, { name: 'Beta', updates_count: 1, ...tagged })
  const gamma = site(3, { name: 'Gamma', updates_count: 7 })
  // A snapshot before the period: the history starts here.
  vi.setSystemTime(Date.parse('2026-09-20T08:00:00Z'))
  store.replaceSnapshot(ACCOUNT_A, { sites: [alpha, beta, gamma], tags: [CLIENT], syncedAt: '2026-09-20T08:00:00Z' })
  // In the period Alpha's pending updates rise to 5 and its PHP moves on; Delta is added.
  vi.setSystemTime(Date.parse('2026-10-20T08:00:00Z'))
  const delta = site(4, { name: 'Delta', updates_count: 2, created_at: '2026-10-15T09:00:00+00:00', ...tagged })
  const alpha2 = { ...alpha, updates_count: 5, server: { ...alpha.server, php: '8.1.2' } }
  store.replaceSnapshot(ACCOUNT_A, { sites: [alpha2, beta, gamma, delta], tags: [CLIENT], syncedAt: '2026-10-20T08:00:00Z' })
  // After the period Beta's rise to 4 must not count as the period's.
  vi.setSystemTime(Date.parse('2026-11-05T08:00:00Z'))
  const beta2 = { ...beta, updates_count: 4 }
  store.replaceSnapshot(ACCOUNT_A, { sites: [alpha2, beta2, gamma, delta], tags: [CLIENT], syncedAt: '2026-11-05T08:00:00Z' })
  vi.setSystemTime(NOW)
  store.setSyncMeta(ACCOUNT_A, { eventsBackfillPage: null })

  store.addEvents(ACCOUNT_A, [
    // 23:59:59 on 30 September in Berlin: before the period.
    event(1, { site_id: 1, created_at: '2026-09-30T21:59:59+00:00', message: 'Yoast SEO was updated from version 22.0 to 22.1.' }),
    // Midnight of 1 October in Berlin (UTC+2): the period's first instant.
    event(2, { site_id: 1, created_at: '2026-09-30T22:00:00+00:00', message: 'Yoast SEO was updated from version 22.1 to 22.3.' }),
    // No versions in the text: unknown, never guessed.
    event(3, { site_id: 2, created_at: '2026-10-10T10:00:00+00:00', message: 'Contact Form 7 was updated.' }),
    event(4, { site_id: 1, type: 'new_extension', created_at: '2026-10-12T10:00:00+00:00', message: 'WooCommerce 8.5.2 was installed.' }),
    event(5, { site_id: 3, created_at: '2026-10-12T11:00:00+00:00', message: 'Akismet was updated from version 5.0 to 5.1.' }),
    // 23:59:59 on 31 October in Berlin, after the change to UTC+1: still inside.
    event(6, { site_id: 2, created_at: '2026-10-31T22:59:59+00:00', message: 'Jetpack was updated from version 13.1 to 13.2.' }),
    // Midnight of 1 November in Berlin: the period's end, not inside.
    event(7, { site_id: 2, created_at: '2026-10-31T23:00:00+00:00', message: 'Jetpack was updated from version 13.2 to 13.3.' }),
    // An update that became available is not an update applied.
    event(8, { site_id: 1, type: 'update_extension_available', created_at: '2026-10-13T10:00:00+00:00', message: 'A new version of Yoast SEO is available: 22.4 (installed: 22.3).' }),
    // A site removed since: only a whole-account report keeps its events.
    event(9, { site_id: 99, created_at: '2026-10-14T10:00:00+00:00', message: 'Gravity Forms was updated from version 2.8 to 2.8.1.' }),
    event(10, { site_id: 4, type: 'new_extension', created_at: '2026-10-16T10:00:00+00:00', message: 'Custom Module was installed.' }),
  ])

  const sources: ReportSources = {
    accounts: [{ accountId: ACCOUNT_A, label: 'Agency', createdAt: '2026-01-01T00:00:00.000Z', sites: store.sites(ACCOUNT_A), tags: store.tags(ACCOUNT_A), revision: store.revision(ACCOUNT_A) }],
    workspace: store,
    health: () => null,
    nowMs: NOW,
  }
  return { store, sources }
}

function request(overrides: Partial<ReportRequest['selection']> = {}, period: Partial<ReportRequest['period']> = {}): ReportRequest {
  return {
    selection: { scope: [ACCOUNT_A], filter: { ...EMPTY_FILTER, tags: [`${ACCOUNT_A}:10`] }, label: 'Acme', ...overrides },
    period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'Europe/Berlin', ...period },
    sections: REPORT_SECTIONS,
    notes: '',
  }
}

describe('the report model', () => {
  it('covers the tag\'s sites and exactly the updates and installs of the period in its time zone', async () => {
    const { sources } = await seeded()
    const report = buildReport(request(), sources)

    expect(report.periodLabel).toBe('1 Oct 2026 – 31 Oct 2026')
    expect(report.fromIso).toBe('2026-09-30T22:00:00.000Z')
    expect(report.toIso).toBe('2026-10-31T23:00:00.000Z')
    expect(report.sites.map((s) => [s.name, s.addedInPeriod])).toEqual([
      ['Alpha', null],
      ['Beta', null],
      ['Delta', '2026-10-15'],
    ])
    expect(report.updates.map((u) => [u.day, u.siteName, u.extension, u.from, u.to])).toEqual([
      ['2026-10-01', 'Alpha', 'Yoast SEO', '22.1', '22.3'],
      ['2026-10-10', 'Beta', 'Contact Form 7', null, null],
      ['2026-10-31', 'Beta', 'Jetpack', '13.1', '13.2'],
    ])
    expect(report.installs.map((i) => [i.day, i.siteName, i.extension, i.version])).toEqual([
      ['2026-10-12', 'Alpha', 'WooCommerce', '8.5.2'],
      ['2026-10-16', 'Delta', 'Custom Module', null],
    ])
    expect(report.summary).toMatchObject({ sites: 3, updatesApplied: 3, extensionsInstalled: 2, pendingNow: 5 + 4 + 2 })
    // The table says "unknown" where the text carried no version.
    expect(reportTable(report, 'updates').rows[1]).toEqual(['2026-10-10', 'Beta', 'Contact Form 7', 'unknown', 'unknown'])
  })

  it('reads the same instants as other days in another time zone', async () => {
    const { sources } = await seeded()
    const report = buildReport(request({}, { timeZone: 'UTC' }), sources)
    // In UTC the event at 22:00 on 30 September is outside and the one at 23:00 on 31 October inside.
    expect(report.updates.map((u) => [u.day, u.extension, u.to])).toEqual([
      ['2026-10-10', 'Contact Form 7', null],
      ['2026-10-31', 'Jetpack', '13.2'],
      ['2026-10-31', 'Jetpack', '13.3'],
    ])
  })

  it('works out pending updates at the period\'s start and end from the history', async () => {
    const { sources } = await seeded()
    const report = buildReport(request(), sources)
    expect(report.pending.map((p) => [p.siteName, p.atStart, p.atEnd, p.now])).toEqual([
      ['Alpha', 3, 5, 5],
      // Beta rose after the period: at its end it still had 1.
      ['Beta', 1, 1, 4],
      // Delta did not exist at the start: not known, not zero.
      ['Delta', null, 2, 2],
    ])
    expect(report.summary.pendingAtStart).toBe(4)
    expect(report.server.find((s) => s.siteName === 'Alpha')?.changes).toEqual([{ day: '2026-10-20', field: 'php', from: '8.3', to: '8.1.2' }])
    // PHP 8.1 (and the fixtures' MySQL 8.0) are past security support at the period's end: flagged.
    expect(report.server.find((s) => s.siteName === 'Alpha')?.eolLevel).toBe('warning')
    expect(report.summary.attention.map((a) => a.text)).toEqual(['11 pending updates on 3 sites.', '3 sites run PHP or a database past its end of security support.'])
  })

  it('keeps the events of a site removed since in a whole-account report, and only there', async () => {
    const { sources } = await seeded()
    const whole = buildReport(request({ filter: EMPTY_FILTER }), sources)
    expect(whole.updates.map((u) => u.siteName)).toEqual(['Alpha', 'Beta', 'Gamma', 'Site #99 (removed)', 'Beta'])
    expect(whole.sites.at(-1)).toMatchObject({ name: 'Site #99 (removed)', removed: true })
    const picked = buildReport(request({ filter: EMPTY_FILTER, keys: [`${ACCOUNT_A}:3`] }), sources)
    expect(picked.updates.map((u) => u.extension)).toEqual(['Akismet'])
  })

  it('gives the same numbers when made again', async () => {
    const { sources } = await seeded()
    expect(buildReport(request(), sources)).toEqual(buildReport(request(), sources))
  })

  it('flags accounts whose events do not reach back to the period, and those never synced', async () => {
    const { store, sources } = await seeded()
    store.replaceSnapshot(ACCOUNT_B, { sites: [site(1, { name: 'Late' })], tags: [], syncedAt: '2026-10-16T00:00:00Z' })
    store.setSyncMeta(ACCOUNT_B, { eventsBackfillPage: 4 })
    const late = { accountId: ACCOUNT_B, label: 'Late client', createdAt: '2026-10-15T12:00:00.000Z', sites: store.sites(ACCOUNT_B), tags: [], revision: store.revision(ACCOUNT_B) }
    const report = buildReport(request({ scope: [ACCOUNT_A, ACCOUNT_B], filter: EMPTY_FILTER }), { ...sources, accounts: [...sources.accounts, late] })
    expect(report.gaps).toEqual([expect.stringContaining('Late client was added to the app on 2026-10-15, after the period began')])
    expect(report.accounts.map((a) => a.lastSyncedAt)).toEqual(['2026-11-05T08:00:00Z', '2026-10-16T00:00:00Z'])
  })

  it('refuses an empty period and a zone the system does not know, with the reason', async () => {
    const { sources } = await seeded()
    expect(() => buildReport(request({}, { from: '2026-10-01', to: '2026-10-01' }), sources)).toThrow(/period is empty/)
    expect(() => buildReport(request({}, { timeZone: 'Mars/Olympus' }), sources)).toThrow(/not a time zone/)
    expect(() => buildReport(request({}, { from: '2026-02-30' }), sources)).toThrow(/not a date/)
  })
})

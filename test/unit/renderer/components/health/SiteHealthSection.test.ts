// The site page's Health section: each check's state in words (level and sentence), the
// incidents with their duration, uptime, a site not checked, a failed read with Retry, and the
// site's own options saved through health:setSettings.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { SiteHealth } from '../../../../../src/shared/health'
import SiteHealthSection from '../../../../../src/renderer/src/components/health/SiteHealthSection.vue'
import { createFakeApi, fail, ok } from '../../support/fake-api'
import { mountView, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const SETTINGS = {
  intervalMinutes: 5,
  slowThresholdMs: 3000,
  warningDays: 14,
  concurrency: 16,
  notifyOn: { down: true, recovered: true, certificate: true, domain: true, endOfLife: true },
  accounts: {},
  sites: {},
}

function health(overrides: Partial<SiteHealth> = {}): SiteHealth {
  return {
    site: 'a:7',
    enabled: true,
    lookFor: null,
    simulated: false,
    checks: [
      {
        check: 'reachability',
        level: 'error',
        cause: 'down',
        reason: 'shop.test did not accept a connection within 15 s.',
        checkedAt: '2026-11-27T11:58:00.000Z',
        since: '2026-11-27T11:00:00.000Z',
        details: { kind: 'reachability', status: null, finalUrl: null, redirects: 0, ttfbMs: null, totalMs: null, keyword: null, failuresInRow: 3, failingSince: '2026-11-27T11:00:00.000Z' },
      },
    ],
    responseTimes: { hours7: [{ at: '2026-11-27T10:00:00.000Z', checks: 12, up: 12, avgMs: 310, maxMs: 620 }], days30: [] },
    uptime: { days7: 99.3, days30: 99.86 },
    incidents: [
      { check: 'reachability', cause: 'down', from: '2026-11-27T11:00:00.000Z', to: null, reason: 'shop.test did not accept a connection within 15 s.' },
      { check: 'reachability', cause: 'down', from: '2026-11-20T08:00:00.000Z', to: '2026-11-20T10:05:00.000Z', reason: 'shop.test answered HTTP 503.' },
    ],
    eolAsOf: '2026-08-22',
    ...overrides,
  }
}

describe('SiteHealthSection', () => {
  it('shows each check in words, the incidents with their duration, and uptime', async () => {
    const fake = createFakeApi({ healthSite: async () => ok(health()), healthSettings: async () => ok(SETTINGS) })
    await mountView(SiteHealthSection, fake, { props: { accountId: 'a', siteId: 7, siteName: 'Shop' } })
    const checks = screen.getByRole('list', { name: 'Checks' })
    const response = within(checks).getAllByRole('listitem')[0]!
    expect(response.textContent).toMatch(/Problem\s*Response\s*shop\.test did not accept a connection within 15 s\./)
    // A check not run yet says so.
    expect(within(checks).getAllByRole('listitem')[1]!.textContent).toMatch(/Not yet\s*Certificate\s*Not checked yet/)
    const incidents = screen.getByRole('table', { name: 'Incidents, newest first' })
    const rows = within(incidents).getAllByRole('row').slice(1)
    expect(rows[0]!.textContent).toMatch(/Still going on/)
    expect(rows[1]!.textContent).toMatch(/2 h 5 min/)
    expect(screen.getByText('99.30 %')).toBeVisible()
    expect(screen.getByText('End-of-life data as of 22 Aug 2026 (endoflife.date).')).toBeVisible()
  })

  it('says a site is not checked, and offers to turn its checks back on', async () => {
    const setSettings = vi.fn(async () => ok({ ...SETTINGS, sites: {} }))
    const fake = createFakeApi({
      healthSite: async () => ok(health({ enabled: false })),
      healthSettings: async () => ok({ ...SETTINGS, sites: { 'a:7': { enabled: false, lookFor: null } } }),
      healthSetSettings: setSettings,
    })
    const { user } = await mountView(SiteHealthSection, fake, { props: { accountId: 'a', siteId: 7, siteName: 'Shop' } })
    expect(screen.getByText('This site is not checked')).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: 'Check this site' }))
    await flushPromises()
    expect(setSettings).toHaveBeenCalledWith({ site: { site: 'a:7', enabled: true } })
  })

  it('saves the text the page must contain, and keeps what was typed when core refuses it', async () => {
    const setSettings = vi.fn(async () => fail({ code: 'invalid_input', message: 'The input is not valid.', fields: { 'site.lookFor': ['must be at most 200 characters'] } }))
    const fake = createFakeApi({ healthSite: async () => ok(health()), healthSettings: async () => ok(SETTINGS), healthSetSettings: setSettings })
    const { user } = await mountView(SiteHealthSection, fake, { props: { accountId: 'a', siteId: 7, siteName: 'Shop' } })
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: /Text the page must contain/ })
    await user.type(field, 'Opening hours')
    await user.click(screen.getByRole('button', { name: 'Save text' }))
    await flushPromises()
    expect(setSettings).toHaveBeenCalledWith({ site: { site: 'a:7', lookFor: 'Opening hours' } })
    expect(screen.getByText('must be at most 200 characters')).toBeVisible()
    expect(field.value).toBe('Opening hours')
  })

  it('explains a failed read, with Retry', async () => {
    let answer: ReturnType<typeof fail> | ReturnType<typeof ok<SiteHealth>> = fail({ code: 'internal', message: 'The store could not be read.' })
    const fake = createFakeApi({ healthSite: async () => answer, healthSettings: async () => ok(SETTINGS) })
    const { user } = await mountView(SiteHealthSection, fake, { props: { accountId: 'a', siteId: 7, siteName: 'Shop' } })
    expect(screen.getByRole('alert').textContent).toMatch(/The store could not be read/)
    answer = ok(health())
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }))
    await flushPromises()
    expect(screen.getByRole('list', { name: 'Checks' })).toBeVisible()
  })
})

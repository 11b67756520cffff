// enabledInAccount answers what siteEnabled answers, site by site, for every way a site or an
// account can be turned off (it is made once per account for the Sites query's findings).
import { describe, expect, it } from 'vitest'
import { enabledInAccount, siteEnabled } from '../../../../src/core/health/health-reads'
import type { HealthSettings } from '../../../../src/shared/health'

function settings(accounts: HealthSettings['accounts'], sites: HealthSettings['sites']): HealthSettings {
  return { intervalMinutes: 5, slowThresholdMs: 3000, warningDays: 14, concurrency: 16, notifyOn: { down: true, certificate: true, domain: true, endOfLife: true }, accounts, sites } as HealthSettings
}

describe('enabledInAccount', () => {
  it('answers as siteEnabled does for each site, account turned off or on, site options of its own or none', () => {
    const cases = [
      settings({}, {}),
      settings({ a: false }, { 'a:1': { enabled: true, lookFor: null } }),
      settings({ a: true }, { 'a:2': { enabled: false, lookFor: null }, 'a:3': { enabled: true, lookFor: 'Shop' }, 'b:1': { enabled: false, lookFor: null }, 'ab:4': { enabled: false, lookFor: null } }),
      settings({ b: false }, { 'a:4': { enabled: false, lookFor: null } }),
    ]
    for (const s of cases) {
      for (const accountId of ['a', 'b', 'ab']) {
        const enabled = enabledInAccount(s, accountId)
        for (const siteId of [1, 2, 3, 4, 5]) expect(enabled(siteId), `${accountId}:${siteId}`).toBe(siteEnabled(s, accountId, siteId))
      }
    }
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { HealthStore } from '../../../../src/core/health/health-store'
import type { CheckOutcome } from '../../../../src/core/health/check-outcome'

const stores: HealthStore[] = []
afterEach(() => stores.splice(0))
function store(): HealthStore {
  const made = HealthStore.inMemory()
  stores.push(made)
  return made
}

const A = 'account-a'
const HOUR = 3_600_000
const DAY = 24 * HOUR
const T0 = Date.UTC(2026, 10, 1)

function reach(up: boolean, ms: number | null): CheckOutcome {
  return {
    check: 'reachability',
    level: up ? 'ok' : 'error',
    cause: up ? null : 'down',
    reason: up ? 'Answered.' : 'Refused.',
    details: { kind: 'reachability', status: up ? 200 : null, finalUrl: null, redirects: 0, ttfbMs: ms, totalMs: ms, keyword: null, failuresInRow: up ? 0 : 2, failingSince: null },
    sample: { up, ms },
  }
}

describe('HealthStore', () => {
  it('keeps since across equal states, rolls up response times per hour and day, and opens and closes incidents', () => {
    const s = store()
    s.record([{ accountId: A, siteId: 1, outcome: reach(true, 100) }], T0)
    s.record([{ accountId: A, siteId: 1, outcome: reach(true, 300) }], T0 + 5 * 60_000)
    expect(s.state(A, 1, 'reachability')?.since).toBe(new Date(T0).toISOString())
    s.record([{ accountId: A, siteId: 1, outcome: reach(false, null) }], T0 + HOUR)
    s.record([{ accountId: A, siteId: 1, outcome: reach(true, 200) }], T0 + 2 * HOUR)
    expect(s.responseTimes(A, 1, 'hour', 0)).toEqual([
      { at: new Date(T0).toISOString(), checks: 2, up: 2, avgMs: 200, maxMs: 300 },
      { at: new Date(T0 + HOUR).toISOString(), checks: 1, up: 0, avgMs: null, maxMs: null },
      { at: new Date(T0 + 2 * HOUR).toISOString(), checks: 1, up: 1, avgMs: 200, maxMs: 200 },
    ])
    expect(s.responseTimes(A, 1, 'day', 0)).toEqual([{ at: new Date(T0).toISOString(), checks: 4, up: 3, avgMs: 200, maxMs: 300 }])
    expect(s.incidents(A, 1, 10)).toEqual([{ check: 'reachability', cause: 'down', from: new Date(T0 + HOUR).toISOString(), to: new Date(T0 + 2 * HOUR).toISOString(), reason: 'Refused.' }])
  })

  it('prunes hours past 8 days, days past 31 and ended incidents past the retention', () => {
    const s = store()
    s.record([{ accountId: A, siteId: 1, outcome: reach(false, null) }], T0)
    s.record([{ accountId: A, siteId: 1, outcome: reach(true, 100) }], T0 + HOUR)
    const removed = s.prune(T0 + 40 * DAY, 30)
    expect(removed).toBe(2 + 1 + 1)
    expect(s.responseTimes(A, 1, 'hour', 0)).toEqual([])
    expect(s.responseTimes(A, 1, 'day', 0)).toEqual([])
    expect(s.incidents(A, 1, 10)).toEqual([])
  })

  it('forgets sites that are gone and every row of a removed account', () => {
    const s = store()
    s.record([1, 2].map((siteId) => ({ accountId: A, siteId, outcome: reach(false, null) })), T0)
    s.setSiteOptions(A, 2, { enabled: false, lookFor: null })
    s.forgetSitesExcept(A, new Set([1]))
    expect(s.state(A, 2, 'reachability')).toBeUndefined()
    expect([...s.findings(A).keys()]).toEqual([1])
    s.removeAccount(A)
    expect(s.findings(A).size).toBe(0)
    expect(s.incidents(A, 1, 10)).toEqual([])
    expect(s.options().sites.size).toBe(0)
    expect(s.responseTimes(A, 1, 'day', 0)).toEqual([])
  })

  it("reads each finding with the check's time as a number and only the details its label reads", () => {
    const s = store()
    const tls: CheckOutcome = {
      check: 'tls',
      level: 'warning',
      cause: 'certificateExpiring',
      reason: 'The certificate expires on 6 Nov 2026.',
      details: { kind: 'tls', expiresAt: new Date(T0 + 5 * DAY).toISOString(), issuer: 'Test CA', validForHost: true, trusted: true },
    }
    s.record([{ accountId: A, siteId: 1, outcome: reach(false, null) }, { accountId: A, siteId: 1, outcome: tls }, { accountId: A, siteId: 2, outcome: reach(true, 90) }], T0)
    const found = s.findings(A)
    // A site with no cause has no findings.
    expect([...found.keys()]).toEqual([1])
    const byCheck = Object.fromEntries(found.get(1)!.map((row) => [row.check, row]))
    expect(byCheck.reachability).toEqual({ check: 'reachability', level: 'error', cause: 'down', reason: 'Refused.', checkedMs: T0, since: new Date(T0).toISOString(), details: null })
    expect(byCheck.tls).toMatchObject({ cause: 'certificateExpiring', checkedMs: T0, details: tls.details })
  })

  it('keeps one RDAP look-up per domain and the settings', () => {
    const s = store()
    s.setRdap('example.com', { kind: 'none', domain: 'example.com', reason: 'x' }, T0)
    expect(s.rdap('example.com')).toEqual({ checkedMs: T0, lookup: { kind: 'none', domain: 'example.com', reason: 'x' } })
    s.setMeta('settings', { intervalMinutes: 10 })
    expect(s.meta('settings')).toEqual({ intervalMinutes: 10 })
  })
})

import { describe, expect, it } from 'vitest'
import { duration, healthSummary, healthTransitions, type HealthChange } from '../../../../src/core/attention'
import type { HealthCheckState, HealthNotifyOn } from '../../../../src/shared'

const ALL_ON: HealthNotifyOn = { down: true, recovered: true, certificate: true, domain: true, endOfLife: true }

function state(cause: HealthCheckState['cause'], at: string, since = at): HealthCheckState {
  return { check: 'reachability', level: cause === null ? 'ok' : 'error', cause, reason: '', checkedAt: at, since, details: { kind: 'dns', addresses: [], expected: null } }
}

function change(siteId: number, from: HealthCheckState['cause'] | undefined, to: HealthCheckState['cause'], accountId = 'a'): HealthChange {
  return { accountId, siteId, previous: from === undefined ? undefined : state(from, '2026-11-27T10:00:00Z', '2026-11-27T09:00:00Z'), next: state(to, '2026-11-27T11:30:00Z') }
}

const names = { accountLabel: (id: string) => (id === 'a' ? 'Agency' : 'Shop'), siteName: (_a: string, id: number) => `site${id}.test` }

describe('healthTransitions', () => {
  it('counts changes from a known state only, with the downtime of a site back up', () => {
    const transitions = healthTransitions([
      change(1, undefined, 'down'),
      change(2, null, 'down'),
      change(3, 'down', null),
      change(4, null, 'certificateExpiring'),
      change(5, 'certificateExpiring', 'certificateInvalid'),
      change(6, null, 'domainExpiring'),
      change(7, 'endOfActiveSupport', 'endOfLife'),
      change(8, 'down', 'down'),
    ])
    expect(transitions).toEqual([
      { accountId: 'a', siteId: 2, kind: 'down' },
      { accountId: 'a', siteId: 3, kind: 'recovered', downForMs: 2.5 * 3_600_000 },
      { accountId: 'a', siteId: 4, kind: 'certificate' },
      { accountId: 'a', siteId: 5, kind: 'certificate' },
      { accountId: 'a', siteId: 6, kind: 'domain' },
      { accountId: 'a', siteId: 7, kind: 'endOfLife' },
    ])
  })
})

describe('healthSummary', () => {
  it('is one notification for the cycle, naming sites per kind, opening the most urgent view', () => {
    const transitions = healthTransitions([change(2, null, 'down'), change(3, 'down', null), change(4, null, 'certificateExpiring'), change(9, null, 'down', 'b')])
    const summary = healthSummary({ transitions, notifyOn: ALL_ON, ...names })
    expect(summary).toMatchObject({
      accountId: 'a',
      title: '2 sites are down',
      body: 'Down: site2.test, site9.test\nBack up: site3.test after 2 h 30 min\nCertificate expiring or invalid: site4.test',
      path: '/sites',
      query: { health: 'down' },
      counts: { newUpdateEvents: 0, pendingRose: 0, notChecked: 0 },
      health: { down: 2, recovered: 1, certificate: 1, domain: 0, endOfLife: 0 },
    })
  })

  it('leaves out kinds turned off, and is nothing when nothing is left', () => {
    const transitions = healthTransitions([change(4, null, 'certificateExpiring'), change(7, null, 'endOfLife')])
    expect(healthSummary({ transitions, notifyOn: { ...ALL_ON, certificate: false }, ...names })).toMatchObject({ title: 'Agency: 1 site needs attention', query: { health: 'endOfLife' }, health: { certificate: 0, endOfLife: 1 } })
    expect(healthSummary({ transitions, notifyOn: { ...ALL_ON, certificate: false, endOfLife: false }, ...names })).toBeNull()
  })

  it('writes durations a person reads', () => {
    expect([duration(20_000), duration(5 * 60_000), duration(125 * 60_000), duration(3 * 86_400_000)]).toEqual(['1 min', '5 min', '2 h 5 min', '3 days'])
  })

  it('opens the whole list for sites back up (no finding left to filter by), and a group for certificates', () => {
    const back = healthSummary({ transitions: healthTransitions([change(3, 'down', null)]), notifyOn: ALL_ON, ...names })
    expect(back).toMatchObject({ path: '/sites', query: {} })
    const certificate = healthSummary({ transitions: healthTransitions([change(4, null, 'certificateExpiring')]), notifyOn: ALL_ON, ...names })
    expect(certificate).toMatchObject({ query: { health: 'certificate' } })
  })
})

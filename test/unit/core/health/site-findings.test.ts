// The Sites query keys its caches on the identity of an account's findings map, so the cache
// must hand back the very map it kept while the findings read the same, and a new one only
// when one really changed; a site whose checks are off shows none.
import { describe, expect, it } from 'vitest'
import { SiteFindingsCache } from '../../../../src/core/health/site-findings'
import type { FindingRow } from '../../../../src/core/health/health-store'

function down(reason: string): FindingRow {
  return { check: 'reachability', level: 'error', cause: 'down', reason, checkedMs: Date.parse('2026-11-20T10:00:00.000Z'), since: '2026-11-20T09:00:00.000Z', details: null }
}

describe('SiteFindingsCache', () => {
  it('keeps the same map through remakes that read the same, and makes a new one when a finding changes', () => {
    let stored = new Map([[1, [down('No answer in 10 s.')]]])
    let reads = 0
    const cache = new SiteFindingsCache(
      () => {
        reads++
        return stored
      },
      () => () => true,
    )
    const first = cache.of('a1')
    expect(first.get(1)?.map((f) => f.reason)).toEqual(['No answer in 10 s.'])
    expect(cache.of('a1')).toBe(first)
    expect(reads).toBe(1)

    // Read again after a cycle, the same findings: the kept map (its signature made only now).
    stored = new Map([[1, [down('No answer in 10 s.')]]])
    cache.invalidate('a1')
    expect(cache.of('a1')).toBe(first)
    expect(reads).toBe(2)

    // A finding that reads differently: a new map, and that one kept in turn.
    stored = new Map([[1, [down('Connection refused.')]]])
    cache.invalidate()
    const second = cache.of('a1')
    expect(second).not.toBe(first)
    expect(second.get(1)?.map((f) => f.reason)).toEqual(['Connection refused.'])
    cache.invalidate('a1')
    expect(cache.of('a1')).toBe(second)
  })

  it('leaves out the sites whose checks are off', () => {
    const cache = new SiteFindingsCache(
      () => new Map([[1, [down('x')]], [2, [down('y')]]]),
      () => (siteId) => siteId !== 2,
    )
    expect([...cache.of('a1').keys()]).toEqual([1])
  })
})

// A window asking again after a change names the digest of the rows it holds: when the range's
// rows are the same, core answers the totals and no rows, so a sync that changes sites off the
// screen sends the renderer no rows at all.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, type SitesQuery } from '../../../../src/shared'
import { querySites } from '../../../../src/core/query'
import { makeSite } from '../../support/domain-objects'
import { ACCOUNT_A, queryFixture } from './query-fixture'

const withSites = await queryFixture()

/** The account's sites as a later sync leaves them. */
function write(q: Awaited<ReturnType<typeof withSites>>, sites: ReturnType<typeof makeSite>[]): void {
  q.store.replaceSnapshot(ACCOUNT_A, { sites, tags: [], syncedAt: '2026-11-02T11:00:00.000Z' })
}

const ask = (extra: Partial<SitesQuery> = {}): SitesQuery => ({
  scope: [ACCOUNT_A],
  filter: EMPTY_FILTER,
  sort: [{ key: 'name', direction: 'asc' }],
  offset: 0,
  limit: 2,
  ...extra,
})

describe('rows the window already holds', () => {
  it('are not sent again while the range is the same, and are once a site in it changes', async () => {
    const q = await withSites({
      [ACCOUNT_A]: { sites: [makeSite(1, { name: 'Atelier' }), makeSite(2, { name: 'Blog' }), makeSite(3, { name: 'Shop' })], tags: [] },
    })
    const first = querySites(q.accounts([ACCOUNT_A]), ask())
    expect(first.rows).toHaveLength(2)
    expect(first.digest).toMatch(/^[0-9a-z]+$/)
    expect(first.unchanged).toBeUndefined()

    // A site off the range changes: the rows held are still the range's.
    write(q, [makeSite(1, { name: 'Atelier' }), makeSite(2, { name: 'Blog' }), makeSite(3, { name: 'Shop & more' })])
    const same = querySites(q.accounts([ACCOUNT_A]), ask({ unlessDigest: first.digest }))
    expect(same.unchanged).toBe(true)
    expect(same.rows).toEqual([])
    expect(same.total).toBe(3)
    expect(same.digest).toBe(first.digest)
    expect(same.revision).not.toBe(first.revision)

    // A site in it changes: the rows come, with their new digest.
    write(q, [makeSite(1, { name: 'Atelier' }), makeSite(2, { name: 'Blog', notes: 'moved' }), makeSite(3, { name: 'Shop & more' })])
    const changed = querySites(q.accounts([ACCOUNT_A]), ask({ unlessDigest: first.digest }))
    expect(changed.unchanged).toBeUndefined()
    expect(changed.rows.map((row) => row.site.notes)).toEqual(['', 'moved'])
    expect(changed.digest).not.toBe(first.digest)
  })

  it('a digest of other rows, or none, gets the rows', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites: [makeSite(1, { name: 'Atelier' }), makeSite(2, { name: 'Blog' })], tags: [] } })
    const first = querySites(q.accounts([ACCOUNT_A]), ask())
    expect(querySites(q.accounts([ACCOUNT_A]), ask({ offset: 1, unlessDigest: first.digest })).rows).toHaveLength(1)
    expect(querySites(q.accounts([ACCOUNT_A]), ask({ unlessDigest: 'other' })).rows).toHaveLength(2)
  })
})

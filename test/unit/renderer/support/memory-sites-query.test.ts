// The renderer tests' in-memory core answers sites:query and workspace:scope through core's
// engine: rows keyed by account, the accounts' changes (even in place) seen with a new
// revision, the scope's summary, and a missing account not_found.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, keyOf, type SitesQuery } from '../../../../src/shared'
import { memorySitesQuery, type QueriedAccount } from './memory-sites-query'
import { makeSite, makeTag, syncState } from './fake-api'

function account(id: string, sites = [makeSite(1, { name: 'Shop', tags: [makeTag(7, 'VIP')] }), makeSite(2, { name: 'Blog' })]): QueriedAccount {
  return { sites, tags: [makeTag(7, 'VIP')], events: [], sync: syncState(id) }
}

const query = (scope: string[], extra: Partial<SitesQuery> = {}): SitesQuery => ({ scope, filter: EMPTY_FILTER, sort: [], offset: 0, limit: 50, ...extra })

async function value<T>(answer: Promise<{ ok: true; value: T } | { ok: false }>): Promise<T> {
  const result = await answer
  if (!result.ok) throw new Error('expected an answer')
  return result.value
}

describe('memorySitesQuery', () => {
  it("answers a scope's rows through core's engine, keyed by account", async () => {
    const core = memorySitesQuery({ a: account('a'), b: account('b') })
    const page = await value(core.sitesQuery(query(['a', 'b'], { filter: { ...EMPTY_FILTER, search: 'shop' }, facets: true })))
    expect(page.rows.map((row) => row.key)).toEqual([keyOf('a', 1), keyOf('b', 1)])
    expect(page.facets!.tags.map((tag) => tag.label)).toEqual(['VIP (Account a)', 'VIP (Account b)'])
  })

  it('sees a change made in place, with a new revision', async () => {
    const data = { a: account('a') }
    const core = memorySitesQuery(data)
    const before = await value(core.sitesQuery(query(['a'])))
    expect((await value(core.sitesQuery(query(['a'])))).revision).toBe(before.revision)
    data.a.sites.push(makeSite(3, { name: 'Wiki' }))
    const after = await value(core.sitesQuery(query(['a'])))
    expect(after.revision).not.toBe(before.revision)
    expect(after.rows.map((row) => row.site.name)).toEqual(['Blog', 'Shop', 'Wiki'])
  })

  it("answers the scope's summary, and not_found for an account it does not hold", async () => {
    const core = memorySitesQuery({ a: account('a') })
    const summary = await value(core.workspaceScope({ scope: ['a'] }))
    expect(summary.accounts[0]).toMatchObject({ accountId: 'a', siteCount: 2, eventCount: 0, sync: syncState('a') })
    expect(summary.accounts[0]!.tags).toEqual([{ ...makeTag(7, 'VIP'), siteCount: 1 }])
    expect(await core.workspaceScope({ scope: ['a', 'z'] })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(await core.sitesQuery(query(['z']))).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

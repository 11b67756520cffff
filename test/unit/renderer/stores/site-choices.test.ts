// The site choices of a scope: nothing asked until the list opens, then the first 50 sites
// matching the typed text by name (only id, name and addresses each); a newer search's answer
// wins; the chosen site named on its own at once; asked again after a change to the scope's
// sites only while open, and nothing more once the view closed it.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Result, SitesPage, SitesQuery } from '../../../../src/shared'
import { SITE_CHOICES_LIMIT, useSiteChoicesStore } from '../../../../src/renderer/src/stores/site-choices'
import { createFakeApi, deferred, makeSite, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

const sitesChanged = (accountId: string) => ({ accountId, sites: true, tags: false, events: false, changes: null })

function setup(sites = [makeSite(1, { name: 'Shop' }), makeSite(2, { name: 'Blog' })]) {
  const core = memoryCore({ a: { sites }, b: { sites: [makeSite(1, { name: 'Other' })] } })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  return { core, fake, choices: useSiteChoicesStore() }
}

const asked = (fake: ReturnType<typeof setup>['fake']): SitesQuery[] => fake.api.sitesQuery.mock.calls.map(([query]) => query as SitesQuery)

describe('site choices store', () => {
  it('names the chosen site at once by a keys query of one row, and asks nothing more while the list is closed', async () => {
    const { fake, choices } = setup()
    choices.show(['a'], 'a:1')
    await flushPromises()
    expect(choices.chosenRow?.site.name).toBe('Shop')
    expect(asked(fake)).toEqual([expect.objectContaining({ scope: ['a'], keys: ['a:1'], limit: 1, columns: [] })])
    expect(choices.rows).toBeNull()
  })

  it('asks core for the first 50 sites matching the text, by name, with only their id, name and addresses', async () => {
    const many = Array.from({ length: 120 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i + 1).padStart(3, '0')}` }))
    const { fake, choices } = setup([...many, makeSite(500, { name: 'Shop' })])
    choices.show(['a'], null)
    choices.search('')
    await flushPromises()
    expect(asked(fake).at(-1)).toMatchObject({ scope: ['a'], sort: [{ key: 'name', direction: 'asc' }], offset: 0, limit: 50, columns: [] })
    expect(choices.rows).toHaveLength(SITE_CHOICES_LIMIT)
    expect(choices.rows?.[0]?.site.name).toBe('Shop')
    expect(choices.total).toBe(121)
    // A row carries only what a choice needs, not the whole site.
    expect(Object.keys(choices.rows![0]!.site).sort()).toEqual(['admin_url', 'id', 'name', 'url'])

    choices.search('shop')
    await flushPromises()
    expect(asked(fake).at(-1)).toMatchObject({ filter: expect.objectContaining({ search: 'shop' }), limit: 50, columns: [] })
    expect(choices.rows?.map((r) => r.site.name)).toEqual(['Shop'])
    expect(choices.total).toBe(1)
  })

  it("drops an older search's answer that comes after a newer one's", async () => {
    const { core, fake, choices } = setup()
    const held = deferred<Result<SitesPage>>()
    const real = core.methods.sitesQuery!
    fake.api.sitesQuery.mockImplementationOnce(() => held.promise)
    choices.show(['a'], null)
    choices.search('s')
    await flushPromises()
    expect(choices.searching).toBe(true)
    choices.search('blog')
    await flushPromises()
    expect(choices.rows?.map((r) => r.site.name)).toEqual(['Blog'])
    held.resolve(await real({ ...asked(fake)[0]!, filter: { ...asked(fake)[0]!.filter, search: 'shop' } }))
    await flushPromises()
    expect(choices.rows?.map((r) => r.site.name)).toEqual(['Blog'])
    expect(choices.searching).toBe(false)
  })

  it("asks again after a change to the scope's sites only while the list is open", async () => {
    const { core, fake, choices } = setup()
    choices.show(['a'], null)
    choices.search('')
    await flushPromises()
    core.data.a!.sites.push(makeSite(3, { name: 'Agency' }))
    fake.emit('workspace:changed', sitesChanged('b'))
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(1)
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(2)
    expect(choices.rows?.map((r) => r.site.name)).toEqual(['Agency', 'Blog', 'Shop'])

    choices.search('sh')
    await flushPromises()
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    // The same text is asked again.
    expect(asked(fake).at(-1)?.filter.search).toBe('sh')

    choices.shut()
    const before = fake.api.sitesQuery.mock.calls.length
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(before)
    expect(choices.rows).toBeNull()
  })

  it('drops an answer that comes after the list closed, and asks nothing once the view closed the store', async () => {
    const { fake, choices } = setup()
    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementationOnce(() => held.promise)
    choices.show(['a'], null)
    choices.search('')
    choices.shut()
    held.resolve({ ok: true, value: { revision: 'r', scopeTotal: 1, total: 1, offset: 0, rows: [], facets: null } })
    await flushPromises()
    expect(choices.rows).toBeNull()

    choices.close()
    choices.search('shop')
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(1)
  })
})

// The Sites table's window onto core's list: it asks only for the blocks around the screen,
// keeps a bounded number of them, drops answers of an older query or an older request, and on
// 'workspace:changed' asks again for what it shows (never the whole list). Core is scripted
// here (a list answered page by page, answers held at will) so the order of answers is the
// test's to choose.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Result } from '../../../../src/shared'
import { EMPTY_FILTER, type SitesPage, type SitesQuery } from '../../../../src/shared/sites-query'
import { keyOf } from '../../../../src/shared/scope'
import { BLOCK_ROWS, MAX_BLOCKS, NEAR_EDGE_ROWS, blocksAround, useSiteWindowStore, type WindowQuery } from '../../../../src/renderer/src/stores/site-window'
import { createFakeApi, deferred, makeSite, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

const SCOPE = ['a'] as const

/** Core's answer over `count` sites of account a, named "Site <n>"; the search keeps names containing it. */
function answer(count: number, query: SitesQuery, version = 'r1'): SitesPage {
  const all = Array.from({ length: count }, (_, i) => makeSite(i + 1, { name: `Site ${i + 1}` }))
  const words = query.filter.search.trim().toLowerCase()
  let matching = words ? all.filter((s) => s.name.toLowerCase().includes(words)) : all
  if (query.keys) matching = matching.filter((s) => query.keys!.includes(keyOf('a', s.id)))
  const rows = matching.slice(query.offset, query.offset + query.limit).map((site) => ({ key: keyOf('a', site.id), accountId: 'a', site }))
  return { revision: version, scopeTotal: count, total: matching.length, offset: query.offset, rows, facets: query.facets ? emptyFacets() : null }
}

function emptyFacets() {
  return { php: [], mysql: [], web: [], status: [], tags: [], accounts: [], hasUpdates: 0, neverChecked: 0, health: [] }
}

function setup(count = 5_000) {
  const state = { count, revision: 'r1' }
  const fake = createFakeApi({ sitesQuery: async (query: SitesQuery) => ok(answer(state.count, query, state.revision)) })
  storePinia(fake)
  return { fake, state, window: useSiteWindowStore() }
}

const query = (search = ''): WindowQuery => ({ scope: SCOPE, filter: { ...EMPTY_FILTER, search }, sort: [{ key: 'name', direction: 'asc' }] })
const offsetsAsked = (fake: ReturnType<typeof setup>['fake']) => fake.api.sitesQuery.mock.calls.map(([q]) => (q as SitesQuery).offset)
const keptRows = (window: ReturnType<typeof useSiteWindowStore>) => [...window.blocks.values()].reduce((sum, rows) => sum + rows.length, 0)
/** A screen within a block, its first row within NEAR_EDGE_ROWS of the block's start and its last not near the end. */
const nearStartOf = (block: number) => ({ first: block * BLOCK_ROWS + NEAR_EDGE_ROWS - 1, end: (block + 1) * BLOCK_ROWS - NEAR_EDGE_ROWS })

describe('blocksAround', () => {
  it('names the blocks on screen and the one beyond an edge the screen is near, within the total', () => {
    const total = 50 * BLOCK_ROWS
    const top = BLOCK_ROWS - NEAR_EDGE_ROWS
    expect(blocksAround(0, top, total)).toEqual([0])
    // Within block 2, its last row near the end: block 3 too.
    expect(blocksAround(2 * BLOCK_ROWS + NEAR_EDGE_ROWS, 3 * BLOCK_ROWS - NEAR_EDGE_ROWS + 1, total)).toEqual([2, 3])
    // Within block 2, its first row near the start: block 1 too.
    const { first, end } = nearStartOf(2)
    expect(blocksAround(first, end, total)).toEqual([1, 2])
    // Across blocks 1 and 2, near neither outer edge: those two alone.
    expect(blocksAround(2 * BLOCK_ROWS - NEAR_EDGE_ROWS, 2 * BLOCK_ROWS + NEAR_EDGE_ROWS, total)).toEqual([1, 2])
    // The last rows: nothing past the total.
    expect(blocksAround(total - NEAR_EDGE_ROWS, total, total)).toEqual([total / BLOCK_ROWS - 1])
    expect(blocksAround(0, top, 0)).toEqual([0])
    expect(blocksAround(0, top, null)).toEqual([0])
  })
})

describe('site window store', () => {
  it('asks only for the blocks around the screen, never the whole list', async () => {
    const { fake, window } = setup()
    window.show(0, BLOCK_ROWS - NEAR_EDGE_ROWS)
    window.setQuery(query())
    await flushPromises()
    expect(window.total).toBe(5_000)
    expect(window.scopeTotal).toBe(5_000)
    expect(window.rowAt(0)?.key).toBe('a:1')
    for (const [asked] of fake.api.sitesQuery.mock.calls) expect((asked as SitesQuery).limit).toBe(BLOCK_ROWS)
    // The top of the list: one block, the screen's.
    expect(offsetsAsked(fake)).toEqual([0])
    const inNext = BLOCK_ROWS + BLOCK_ROWS / 2
    expect(window.rowAt(inNext)).toBeUndefined()

    // Scrolled near its end: the next block is asked before it is on screen.
    window.show(BLOCK_ROWS - NEAR_EDGE_ROWS, BLOCK_ROWS)
    await flushPromises()
    expect(offsetsAsked(fake).sort((x, y) => x - y)).toEqual([0, BLOCK_ROWS])
    expect(window.rowAt(inNext)?.site.name).toBe(`Site ${inNext + 1}`)
    expect(window.rowAt(2 * BLOCK_ROWS)).toBeUndefined()
  })

  it('keeps at most MAX_BLOCKS blocks while the person scrolls through thousands of rows', async () => {
    const { window } = setup()
    window.setQuery(query())
    // Screen by screen to the last rows.
    for (let first = 0; first < 5_000; first += 40) {
      window.show(first, first + 40)
      await flushPromises()
      expect(window.blocks.size).toBeLessThanOrEqual(MAX_BLOCKS)
    }
    expect(keptRows(window)).toBeLessThanOrEqual(MAX_BLOCKS * BLOCK_ROWS)
    expect(window.rowAt(4_990)?.site.name).toBe('Site 4991')
    expect(window.rowAt(0)).toBeUndefined()
  })

  it('drops the answer of an older query that arrives after the newer one', async () => {
    const { fake, window } = setup(300)
    window.show(0, 40)
    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementationOnce(() => held.promise)
    window.setQuery(query('1'))
    const oldQuery = fake.api.sitesQuery.mock.calls[0]![0] as SitesQuery
    window.setQuery(query('22'))
    await flushPromises()
    expect(window.total).toBe(answer(300, { ...oldQuery, filter: { ...EMPTY_FILTER, search: '22' } }).total)
    held.resolve(ok(answer(300, oldQuery)))
    await flushPromises()
    expect(window.query?.filter.search).toBe('22')
    expect(window.rowAt(0)?.site.name).toBe('Site 22')
    expect(window.total).toBe(answer(300, { ...oldQuery, filter: { ...EMPTY_FILTER, search: '22' } }).total)
  })

  it("keeps the previous query's rows on screen until the new query answers", async () => {
    const { fake, window } = setup(300)
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementation(() => held.promise)
    window.setQuery(query('7'))
    expect(window.rowAt(0)?.site.name).toBe('Site 1')
    expect(window.answered).toBe(false)
    held.resolve(ok(answer(300, { ...query('7'), offset: 0, limit: BLOCK_ROWS })))
    await flushPromises()
    expect(window.rowAt(0)?.site.name).toBe('Site 7')
    expect(window.answered).toBe(true)
  })

  it("never shows one scope's rows or totals for another while the other's answer is on its way", async () => {
    const { fake, window } = setup(300)
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementation(() => held.promise)
    window.setQuery({ ...query(), scope: ['a', 'b'] })
    expect(window.rowAt(0)).toBeUndefined()
    expect(window.total).toBeNull()
    expect(window.answered).toBe(false)
  })

  it('on workspace:changed asks again only for the blocks on screen, once for a burst, and not for other accounts', async () => {
    const { fake, state, window } = setup()
    const screen = nearStartOf(4)
    window.show(screen.first, screen.end)
    window.setQuery(query())
    await flushPromises()
    expect([...window.blocks.keys()].sort((x, y) => x - y)).toEqual([3, 4])
    fake.api.sitesQuery.mockClear()

    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
    await flushPromises()
    expect(fake.api.sitesQuery).not.toHaveBeenCalled()

    state.count = 4_999
    state.revision = 'r2'
    for (let i = 0; i < 3; i++) fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    // The screen's block only: a sync that changes a few sites costs one block, not six.
    expect(offsetsAsked(fake)).toEqual([4 * BLOCK_ROWS])
    expect(window.total).toBe(4_999)
    expect(window.revision).toBe('r2')
  })

  it('names the digest of the rows it holds when asking again, and keeps them when core says they are unchanged', async () => {
    const { fake, state, window } = setup()
    fake.api.sitesQuery.mockImplementation(async (q: SitesQuery) => {
      const page = answer(state.count, q, state.revision)
      const digest = `d${q.offset}`
      return ok(q.unlessDigest === digest ? { ...page, rows: [], digest, unchanged: true as const } : { ...page, digest })
    })
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    const held = window.blocks.get(0)
    fake.api.sitesQuery.mockClear()

    state.count = 5_003
    state.revision = 'r2'
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.sitesQuery.mock.calls.map(([q]) => (q as SitesQuery).unlessDigest)).toEqual(['d0'])
    // No rows came: the ones held stay, and the totals are the new ones.
    expect(window.blocks.get(0)).toBe(held)
    expect(window.rowAt(0)?.site.name).toBe('Site 1')
    expect(window.total).toBe(5_003)
    expect(window.revision).toBe('r2')
  })

  it('keeps showing the blocks beside the screen after a change and asks for one again once it is on screen', async () => {
    const { fake, state, window } = setup()
    const screen = nearStartOf(4)
    window.show(screen.first, screen.end)
    window.setQuery(query())
    await flushPromises()
    expect([...window.blocks.keys()].sort((x, y) => x - y)).toEqual([3, 4])
    state.revision = 'r2'
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    fake.api.sitesQuery.mockClear()

    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementation(async (q: SitesQuery) => (q.offset === 3 * BLOCK_ROWS ? held.promise : ok(answer(state.count, q, state.revision))))
    // Within block 3, near both its edges: block 2 is new, 3 stale and on screen, 4 asked since the change.
    const first = 3 * BLOCK_ROWS + NEAR_EDGE_ROWS - 1
    window.show(first, 4 * BLOCK_ROWS - NEAR_EDGE_ROWS + 1)
    await flushPromises()
    // Its older rows stay on screen until the fresh ones come: no blank rows while scrolling.
    expect(window.rowAt(first)?.site.name).toBe(`Site ${first + 1}`)
    expect(offsetsAsked(fake)).toEqual([2 * BLOCK_ROWS, 3 * BLOCK_ROWS])
    held.resolve(ok(answer(5_000, { ...query(), offset: 3 * BLOCK_ROWS, limit: BLOCK_ROWS }, 'r2')))
    await flushPromises()
    expect(window.rowAt(first)?.site.name).toBe(`Site ${first + 1}`)

    // Back to a block asked since the change: nothing is asked again.
    fake.api.sitesQuery.mockClear()
    window.show(screen.first, screen.end)
    await flushPromises()
    expect(offsetsAsked(fake)).toEqual([])
  })

  it('takes only the newest request for a block: an earlier answer arriving late is dropped', async () => {
    const { fake, state, window } = setup(300)
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    const first = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementationOnce(() => first.promise)
    window.refresh()
    state.count = 250
    state.revision = 'r2'
    window.refresh()
    await flushPromises()
    expect(window.total).toBe(250)
    first.resolve(ok(answer(300, { ...query(), offset: 0, limit: BLOCK_ROWS })))
    await flushPromises()
    expect(window.total).toBe(250)
    expect(window.revision).toBe('r2')
  })

  it('counts facets only once a filter menu wants them, and asks again while one is open', async () => {
    const { fake, window } = setup(300)
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    expect(fake.api.sitesQuery.mock.calls.some(([q]) => (q as SitesQuery).facets)).toBe(false)
    expect(window.facets).toBeNull()

    window.wantFacets(true)
    await flushPromises()
    expect(window.facets).not.toBeNull()
    fake.api.sitesQuery.mockClear()
    window.setQuery(query('3'))
    await flushPromises()
    expect(fake.api.sitesQuery.mock.calls.filter(([q]) => (q as SitesQuery).facets)).toHaveLength(1)
    expect(window.facets).not.toBeNull()

    window.wantFacets(false)
    fake.api.sitesQuery.mockClear()
    window.setQuery(query('4'))
    await flushPromises()
    expect(fake.api.sitesQuery.mock.calls.some(([q]) => (q as SitesQuery).facets)).toBe(false)
  })

  it('asks for the counts once when a menu is about to open, and not again for the same query', async () => {
    const { fake, window } = setup(300)
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    fake.api.sitesQuery.mockClear()
    window.warmFacets()
    window.warmFacets()
    await flushPromises()
    expect(fake.api.sitesQuery.mock.calls.filter(([q]) => (q as SitesQuery).facets)).toHaveLength(1)
    expect(window.facets).not.toBeNull()
    window.warmFacets()
    await flushPromises()
    expect(fake.api.sitesQuery.mock.calls.filter(([q]) => (q as SitesQuery).facets)).toHaveLength(1)
  })

  it('gives the keys of a range over rows not fetched, and the rows of a selection page by page', async () => {
    const { window } = setup(3_000)
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    const keys = await window.keysBetween(50, 2_550)
    expect(keys).toHaveLength(2_500)
    expect(keys![0]).toBe('a:51')
    expect(keys![2_499]).toBe('a:2550')

    const named = await window.rowsOf({ kind: 'keys', keys: ['a:7', 'a:2999'] })
    expect(named.ok && named.value.map((r) => r.key)).toEqual(['a:7', 'a:2999'])
    const matching = await window.rowsOf({ kind: 'matching', except: ['a:1'] })
    expect(matching.ok && matching.value.length).toBe(2_999)
    expect(window.countOf({ kind: 'matching', except: ['a:1'] })).toBe(2_999)
  })

  it('names the shown columns in every block it asks, and asks the widest cells once per scope and columns and after a change', async () => {
    const { fake, window } = setup()
    fake.api.sitesQuery.mockImplementation(async (q: SitesQuery) =>
      ok({ ...answer(5_000, q), ...(q.widest ? { widest: { name: [{ name: `Widest of ${q.columns!.join('+')}` }] } } : {}) }),
    )
    const shown = (search = '', columns: WindowQuery['columns'] = ['name', 'php', 'health']): WindowQuery => ({ ...query(search), columns })
    const widestAsks = () => fake.api.sitesQuery.mock.calls.filter(([q]) => (q as SitesQuery).widest).length
    window.show(0, 40)
    window.setQuery(shown())
    await flushPromises()
    expect((fake.api.sitesQuery.mock.calls[0]![0] as SitesQuery).columns).toEqual(['name', 'php', 'health'])
    expect(widestAsks()).toBe(1)
    expect(window.widest?.name?.[0]?.name).toBe('Widest of name+php+health')

    // A keystroke: the same scope and columns, the widths stand.
    window.setQuery(shown('site 1'))
    window.show(200, 240)
    await flushPromises()
    expect(widestAsks()).toBe(1)
    for (const [q] of fake.api.sitesQuery.mock.calls) expect((q as SitesQuery).columns).toEqual(['name', 'php', 'health'])

    // Another column shown: its widest cells are asked with the next block.
    window.setQuery(shown('site 1', ['name', 'notes']))
    await flushPromises()
    expect(widestAsks()).toBe(2)
    expect(window.widest?.name?.[0]?.name).toBe('Widest of name+notes')

    // A sync changed the scope: asked again with the screen's blocks.
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(widestAsks()).toBe(3)
  })

  it('keeps the widest cells answered for a query the person has typed past', async () => {
    const { fake, window } = setup()
    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementationOnce(() => held.promise)
    window.show(0, 40)
    window.setQuery({ ...query(), columns: ['name'] })
    window.setQuery({ ...query('site'), columns: ['name'] })
    held.resolve(ok({ ...answer(5_000, { ...query(), offset: 0, limit: BLOCK_ROWS }), widest: { name: [{ name: 'Longest' }] } }))
    await flushPromises()
    expect(window.widest?.name?.[0]?.name).toBe('Longest')
  })

  it('hands a row answered again the same as the same object, and a changed one as a new one', async () => {
    const { fake, window } = setup()
    window.show(0, 40)
    window.setQuery(query())
    await flushPromises()
    const first = window.rowAt(0)!
    const second = window.rowAt(1)!
    // A keystroke that keeps Site 1 on top: the same row object, so the table keeps what it drew of it.
    window.setQuery(query('site 1'))
    await flushPromises()
    expect(window.rowAt(0)).toBe(first)
    expect(window.rowAt(1)).not.toBe(second)
    // A sync changed the row: a new object, with the change.
    fake.api.sitesQuery.mockImplementation(async (q: SitesQuery) => {
      const page = answer(5_000, q, 'r2')
      return ok({ ...page, rows: page.rows.map((row) => (row.key === 'a:1' ? { ...row, site: { ...row.site, status: 'Down' } } : row)) })
    })
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(window.rowAt(0)).not.toBe(first)
    expect(window.rowAt(0)?.site.status).toBe('Down')
  })
})

// A list page costs the same whatever the list's length. Every list endpoint cuts the
// page out first and turns only its items into the wire format; sites and tags are served
// from the store's own ascending lists and events read newest first from the end, without a
// sorted copy per request. The wire functions are counted through a mock of wire.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { newestFirst, paginate } from '../../../src/reference-server/paginator'
import { ReferenceStore } from '../../../src/reference-server/store'
import { generateState } from '../../../src/reference-server/seed/generate'
import * as wire from '../../../src/reference-server/wire'
import { closeServers, get, startServer } from './helpers'

vi.mock('../../../src/reference-server/wire', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/reference-server/wire')>()
  return {
    ...actual,
    siteToWire: vi.fn(actual.siteToWire),
    eventToWire: vi.fn(actual.eventToWire),
    tagToWire: vi.fn(actual.tagToWire),
  }
})

const siteToWire = vi.mocked(wire.siteToWire)
const eventToWire = vi.mocked(wire.eventToWire)
const tagToWire = vi.mocked(wire.tagToWire)

function resetCounts(): void {
  siteToWire.mockClear()
  eventToWire.mockClear()
  tagToWire.mockClear()
}

/** Reads every page of a list; returns the items and how many pages it took. */
async function readAll(server: Awaited<ReturnType<typeof startServer>>, path: string): Promise<any[]> {
  const items: any[] = []
  for (let page = 1; ; page++) {
    const answer = await get(server, `${path}?page=${page}`)
    expect(answer.status).toBe(200)
    items.push(...answer.json.data)
    if (page >= answer.json.meta.last_page) return items
  }
}

describe('list pages convert only their own items', () => {
  it('GET /sites converts the 15 sites of the page asked for, not the 2,000 of the list, and still knows the total', async () => {
    const server = await startServer({ seed: 'page-cost', sites: 2000, events: 0 })
    resetCounts()
    const page = await get(server, '/sites?page=7')
    expect(page.json.meta).toMatchObject({ current_page: 7, from: 91, to: 105, total: 2000, last_page: 134 })
    expect(page.json.data.map((site: any) => site.id)).toEqual(Array.from({ length: 15 }, (_, i) => 91 + i))
    expect(siteToWire).toHaveBeenCalledTimes(15)
    expect(siteToWire.mock.calls.map(([site]) => site.id)).toEqual(page.json.data.map((site: any) => site.id))

    resetCounts()
    const last = await get(server, '/sites?page=134')
    expect(last.json.data).toHaveLength(5)
    expect(siteToWire).toHaveBeenCalledTimes(5)

    resetCounts()
    const beyond = await get(server, '/sites?page=500')
    expect(beyond.json).toMatchObject({ data: [], meta: { total: 2000, from: null, to: null } })
    expect(siteToWire).not.toHaveBeenCalled()
  })

  it('GET /logs and GET /sites/{id}/logs convert only the page\'s events, newest first', async () => {
    const server = await startServer({ seed: 'page-cost', sites: 40, events: 900 })
    resetCounts()
    const second = await get(server, '/logs?page=2')
    expect(second.json.meta).toMatchObject({ current_page: 2, from: 16, to: 30, total: 900 })
    expect(eventToWire).toHaveBeenCalledTimes(15)
    const ids = second.json.data.map((event: any) => event.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    // The quirk's site is that of the page's first event.
    expect(second.json.meta.path).toBe(`${server.baseUrl}/sites/${second.json.data[0].site_id}/logs`)

    const siteId = second.json.data[0].site_id
    resetCounts()
    const ofSite = await get(server, `/sites/${siteId}/logs`)
    expect(ofSite.json.meta.total).toBeGreaterThan(15)
    expect(eventToWire).toHaveBeenCalledTimes(15)
    expect(ofSite.json.data.every((event: any) => event.site_id === siteId)).toBe(true)
  })

  it('GET /tags converts only the page\'s tags', async () => {
    const server = await startServer({ seed: 'page-cost', sites: 10, tags: 40, events: 0 })
    resetCounts()
    const page = await get(server, '/tags?page=3')
    expect(page.json.meta).toMatchObject({ from: 31, to: 40, total: 40 })
    expect(tagToWire).toHaveBeenCalledTimes(10)
  })
})

describe('list order without a sorted copy per request', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'refserver-order-'))
  })
  afterEach(async () => {
    await closeServers()
    await rm(dir, { recursive: true, force: true })
  })

  it('serves a data file whose lists are out of order by ascending id (sites, tags) and newest first (events)', async () => {
    const state = generateState({ seed: 'shuffled', tokens: ['tok-a'], size: { sites: 50, tags: 20, events: 120 }, anchor: new Date('2026-03-01T00:00:00Z') })
    const account = state.accounts[0]!
    const shuffle = <T>(list: T[]): T[] => list.map((item, i) => ({ item, key: (i * 7919) % 101 })).sort((a, b) => a.key - b.key).map((x) => x.item)
    account.sites = shuffle(account.sites)
    account.tags = shuffle(account.tags)
    account.events = shuffle(account.events)
    const dataFile = join(dir, 'state.json')
    await writeFile(dataFile, JSON.stringify(state))

    const server = await startServer({ dataFile })
    const sites = await readAll(server, '/sites')
    expect(sites.map((s) => s.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    const tags = await readAll(server, '/tags')
    expect(tags.map((t) => t.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    const events = await readAll(server, '/logs')
    expect(events.map((e) => e.id)).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i))
  })

  it('keeps the order through creates, deletes and changes made behind the store\'s back', () => {
    const state = generateState({ seed: 'order', tokens: ['t'], size: { sites: 30, tags: 5, events: 60 }, anchor: new Date('2026-03-01T00:00:00Z') })
    const account = state.accounts[0]!
    const store = new ReferenceStore(state, () => new Date('2026-03-01T00:00:00Z'))
    const ids = (list: readonly { id: number }[]) => list.map((item) => item.id)
    const ascending = (list: readonly { id: number }[]) => [...ids(list)].sort((a, b) => a - b)

    expect(ids(store.sites(account))).toEqual(ascending(account.sites))
    // Not a copy: the store's own list.
    expect(store.sites(account)).toBe(account.sites)
    store.createSite(account, { name: 'New', url: 'https://new.example', admin_url: null, notes: null, cms_id: null, private_key: null, look_for_string: null, tags: [] })
    store.deleteSite(account, 4)
    expect(ids(store.sites(account))).toEqual(ascending(account.sites))
    expect(store.sites(account)).toHaveLength(30)

    // Someone swaps two sites in place and appends one with a small id: checked whole again.
    const list = account.sites
    ;[list[0], list[1]] = [list[1]!, list[0]!]
    list.push({ ...list[5]!, id: 0 })
    expect(ids(store.sites(account))).toEqual(ascending(list))
    expect(store.sites(account)[0]!.id).toBe(0)

    store.recordEvent(account, 2, 'plugin', 'updated')
    const events = store.events(account)
    expect(ids(events)).toEqual(ascending(events))
    expect(store.events(account, 2).every((event) => event.site_id === 2)).toBe(true)
  })

  it('newestFirst reads a list from its end, page by page, as a reversed copy would', () => {
    const oldestFirst = Array.from({ length: 37 }, (_, i) => ({ id: i + 1 }))
    const reversed = [...oldestFirst].reverse()
    const view = newestFirst(oldestFirst)
    expect(view.length).toBe(37)
    for (const [start, end] of [[0, 15], [15, 30], [30, 45], [45, 60], [36, 37], [0, 0]] as const) {
      expect(view.slice(start, end)).toEqual(reversed.slice(start, end))
    }
    for (const page of [1, 2, 3, 4, 9]) {
      expect(paginate(view, page, 15, '/x')).toEqual(paginate(reversed, page, 15, '/x'))
    }
  })
})

// A list that changes at its front while it is read: items put first push others onto pages
// already read, so a plain read misses them. The full read notices meta.total disagreeing with
// what it read, reads the first pages again (a bounded number of passes), and says when the
// list kept moving.
import { describe, expect, it } from 'vitest'
import type { ListProgress } from '../../../../src/core/api'
import { envelope, pageOf, sendJson, site, type Handler, type TestListener } from './support/listener'
import { serveApi, type ServedApi } from './support/serve-api'

const serve = (handler: Handler): Promise<ServedApi> => serveApi(handler)

const sitesFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => site(first + i))
const ids = (list: { id: number }[]) => list.map((s) => s.id)
const pagesAsked = (server: TestListener) => server.requests.map((r) => pageOf(r.url))

describe('a full read of a list that grows at its front', () => {
  it('reads page 1 again and ends with every item when two sites are put first during the read', async () => {
    let sites = sitesFrom(1, 34)
    const { api, server } = await serve((req, res) => {
      const page = pageOf(req.url)
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      // Once page 1 went out, two new sites go first: pages 2 and 3 now start two items later.
      if (page === 1 && server.requests.length === 1) sites = [site(901), site(902), ...sitesFrom(1, 34)]
    })
    const progress: ListProgress[] = []
    const read = await api.readAllSites(undefined, (p) => progress.push(p))
    expect(read.items).toHaveLength(36)
    expect(ids(read.items)).toEqual([901, 902, ...ids(sitesFrom(1, 34))])
    expect(read).toMatchObject({ total: 36, moving: false, pages: 4 })
    expect(pagesAsked(server)).toEqual([1, 2, 3, 1])
    // Progress counts the page read again too, and never says more done than in total.
    expect(progress.map((p) => [p.pagesDone, p.pagesTotal])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 4],
    ])
    expect(progress.at(-1)).toMatchObject({ done: 36, total: 36 })
  })

  it('reads as many first pages as the newcomers fill', async () => {
    let sites = sitesFrom(1, 40)
    const { api, server } = await serve((req, res) => {
      const page = pageOf(req.url)
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      // 20 new sites first, after page 1: they fill page 1 and part of page 2 of the new list.
      if (page === 1 && server.requests.length === 1) sites = [...sitesFrom(901, 20), ...sitesFrom(1, 40)]
    })
    const read = await api.readAllSites()
    expect(read).toMatchObject({ total: 60, moving: false })
    expect(new Set(ids(read.items)).size).toBe(60)
    // Sites 916-920 were on page 2 of the grown list, read in the main pass; 901-915 went to
    // page 1 after it was read, and come from page 1 read again.
    expect(ids(read.items).slice(0, 15)).toEqual(ids(sitesFrom(901, 15)))
    expect(pagesAsked(server)).toEqual([1, 2, 3, 4, 1])
  })

  it('gives up after three passes and says the list kept moving', async () => {
    let sites = sitesFrom(1, 30)
    let front = 901
    let end = 951
    const { api, server } = await serve((req, res) => {
      sendJson(res, 200, envelope(sites, pageOf(req.url), 'http://x/v1/sites'))
      // After every answer a new site goes first and another last: each pass over the first
      // pages finds the new first ones, never the last ones, so the count never agrees.
      sites = [site(front++), ...sites, site(end++)]
    })
    const read = await api.readAllSites()
    expect(read.moving).toBe(true)
    expect(new Set(ids(read.items)).size).toBe(read.items.length)
    // Main pass (3 pages as the list grew), then three passes: page 1 brings new first sites,
    // page 2 nothing new.
    expect(pagesAsked(server)).toEqual([1, 2, 3, 1, 2, 1, 2, 1, 2])
    expect(read.items.length).toBeLessThan(read.total)
  })

  it('says the list moved when a site was put in its middle: the first pages do not show it', async () => {
    let sites = sitesFrom(1, 31)
    const { api, server } = await serve((req, res) => {
      const page = pageOf(req.url)
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      // After page 2, a site goes to position 20 (page 2, already read): site 30 is pushed
      // onto page 3 and read twice, site 999 never.
      if (page === 2) sites = [...sitesFrom(1, 19), site(999), ...sitesFrom(20, 12)]
    })
    const read = await api.readAllSites()
    expect(read).toMatchObject({ total: 32, moving: true })
    expect(read.items).toHaveLength(31)
    expect(pagesAsked(server)).toEqual([1, 2, 3, 1])
  })

  it('says the list moved when it holds more than the total: reading the front again cannot help', async () => {
    let sites = sitesFrom(1, 31)
    const { api, server } = await serve((req, res) => {
      const page = pageOf(req.url)
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      // Sites 1 to 5 are deleted once page 2 went out: page 3 is now past the end, and the
      // 30 sites read are more than the 26 there are.
      if (page === 2) sites = sitesFrom(6, 26)
    })
    const read = await api.readAllSites()
    expect(read).toMatchObject({ total: 26, moving: true })
    expect(read.items).toHaveLength(30)
    expect(pagesAsked(server)).toEqual([1, 2, 3, 1])
  })

  it('cannot see sites deleted at the front: the count agrees, and the next read catches up', async () => {
    // A limit of counting: site 1 deleted after page 1 moves site 16 onto page 1, and the
    // stale site 1 makes up for the missed site 16. Nothing disagrees, nothing is re-read.
    let sites = sitesFrom(1, 31)
    const { api, server } = await serve((req, res) => {
      const page = pageOf(req.url)
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      if (page === 1 && server.requests.length === 1) sites = sitesFrom(2, 30)
    })
    const first = await api.readAllSites()
    expect(first).toMatchObject({ total: 30, moving: false })
    expect(ids(first.items)).not.toContain(16)
    expect(ids((await api.readAllSites()).items)).toEqual(ids(sitesFrom(2, 30)))
  })

  it('reads a list that stays still with one request per page and no re-read', async () => {
    const sites = sitesFrom(1, 100)
    const { api, server } = await serve((req, res) => sendJson(res, 200, envelope(sites, pageOf(req.url), 'http://x/v1/sites')))
    const read = await api.readAllSites()
    expect(read).toMatchObject({ total: 100, moving: false, pages: 7 })
    expect(ids(read.items)).toEqual(ids(sites))
    expect(server.requests).toHaveLength(7)
  })
})

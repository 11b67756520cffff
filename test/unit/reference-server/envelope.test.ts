// Spec 2.4 and 4.3: the list envelope and its arithmetic, compared with what Laravel's
// LengthAwarePaginator gives, on lists of 0, 1, 15, 16 and 31 items.
import { describe, expect, it } from 'vitest'
import { get, startServer } from './helpers'

interface Expected {
  page: number
  count: number
  from: number | null
  to: number | null
  lastPage: number
  prev: number | null
  next: number | null
}

const cases: [total: number, expected: Expected[]][] = [
  [0, [
    { page: 1, count: 0, from: null, to: null, lastPage: 1, prev: null, next: null },
    { page: 2, count: 0, from: null, to: null, lastPage: 1, prev: 1, next: null },
  ]],
  [1, [
    { page: 1, count: 1, from: 1, to: 1, lastPage: 1, prev: null, next: null },
    { page: 3, count: 0, from: null, to: null, lastPage: 1, prev: 2, next: null },
  ]],
  [15, [
    { page: 1, count: 15, from: 1, to: 15, lastPage: 1, prev: null, next: null },
    { page: 2, count: 0, from: null, to: null, lastPage: 1, prev: 1, next: null },
  ]],
  [16, [
    { page: 1, count: 15, from: 1, to: 15, lastPage: 2, prev: null, next: 2 },
    { page: 2, count: 1, from: 16, to: 16, lastPage: 2, prev: 1, next: null },
  ]],
  [31, [
    { page: 1, count: 15, from: 1, to: 15, lastPage: 3, prev: null, next: 2 },
    { page: 2, count: 15, from: 16, to: 30, lastPage: 3, prev: 1, next: 3 },
    { page: 3, count: 1, from: 31, to: 31, lastPage: 3, prev: 2, next: null },
    { page: 4, count: 0, from: null, to: null, lastPage: 3, prev: 3, next: null },
  ]],
]

describe('list envelope (spec 2.4)', () => {
  it.each(cases)('pages a list of %i sites like Laravel', async (total, pages) => {
    const server = await startServer({ seed: `envelope-${total}`, sites: total, tags: 0, events: 0 })
    const path = `${server.baseUrl}/sites`
    const seen: number[] = []
    for (const expected of pages) {
      const answer = await get(server, `/sites?page=${expected.page}`)
      expect(answer.status).toBe(200)
      expect(Object.keys(answer.json)).toEqual(['data', 'links', 'meta'])
      expect(answer.json.data).toHaveLength(expected.count)
      seen.push(...answer.json.data.map((site: any) => site.id))
      expect(answer.json.links).toEqual({
        first: `${path}?page=1`,
        last: `${path}?page=${expected.lastPage}`,
        prev: expected.prev === null ? null : `${path}?page=${expected.prev}`,
        next: expected.next === null ? null : `${path}?page=${expected.next}`,
      })
      expect(answer.json.meta).toEqual({
        current_page: expected.page,
        from: expected.from,
        last_page: expected.lastPage,
        per_page: 15,
        to: expected.to,
        total,
        path,
      })
    }
    // Following the pages visits every item exactly once.
    expect(new Set(seen).size).toBe(total)
  })

  it('follows next links from page 1 to the end', async () => {
    const server = await startServer({ seed: 'walk', sites: 31, tags: 0, events: 0 })
    let next: string | null = `${server.baseUrl}/sites`
    const ids: number[] = []
    while (next) {
      const answer = await get(server, next)
      ids.push(...answer.json.data.map((site: any) => site.id))
      next = answer.json.links.next
    }
    expect(ids).toEqual(Array.from({ length: 31 }, (_, i) => i + 1))
  })

  it('treats a page that is not an integer >= 1 as page 1', async () => {
    const server = await startServer({ seed: 'bad-page', sites: 16, tags: 0, events: 0 })
    for (const page of ['0', '-2', 'abc', '1.5', '']) {
      const answer = await get(server, `/sites?page=${page}`)
      expect(answer.status).toBe(200)
      expect(answer.json.meta.current_page).toBe(1)
      expect(answer.json.data[0].id).toBe(1)
    }
  })

  it('uses the same envelope for tags and events, with per_page 15', async () => {
    const server = await startServer({ seed: 'lists', sites: 4, tags: 16, events: 20 })
    const tags = await get(server, '/tags?page=2')
    expect(tags.json.meta).toMatchObject({ current_page: 2, from: 16, to: 16, total: 16, last_page: 2, per_page: 15 })
    expect(tags.json.links.next).toBeNull()
    const events = await get(server, '/sites/1/logs')
    expect(Object.keys(events.json)).toEqual(['data', 'links', 'meta'])
    expect(events.json.meta.path).toBe(`${server.baseUrl}/sites/1/logs`)
  })

  it('honours a different perPage option', async () => {
    const server = await startServer({ seed: 'pp', sites: 7, perPage: 5 })
    const answer = await get(server, '/sites?page=2')
    expect(answer.json.meta).toMatchObject({ per_page: 5, from: 6, to: 7, last_page: 2 })
  })

  it('builds absolute links from the address the client used (Host header)', async () => {
    const server = await startServer({ seed: 'host', sites: 16, tags: 0, events: 0 })
    const viaLocalhost = `http://localhost:${server.port}/api/v1/sites`
    const answer = await get(server, viaLocalhost)
    expect(answer.json.meta.path).toBe(viaLocalhost)
    expect(answer.json.links.next).toBe(`${viaLocalhost}?page=2`)
  })
})

// Spec sections 2.3, 2.4 rule 4 and 6: events (logs) over real HTTP.
import { describe, expect, it } from 'vitest'
import { del, EVENT_KEYS, get, sorted, startServer, TIMESTAMP } from './helpers'

describe('events (spec 2.3, 6)', () => {
  it('lists all events newest first (descending id and created_at) with the event field set', async () => {
    const server = await startServer({ seed: 'events', sites: 10, events: 40 })
    const first = await get(server, '/logs')
    const second = await get(server, '/logs?page=2')
    const events = [...first.json.data, ...second.json.data]
    expect(first.json.meta.total).toBe(40)
    expect(events).toHaveLength(30)
    for (const event of events) {
      expect(sorted(Object.keys(event))).toEqual(sorted(EVENT_KEYS))
      expect(event.category).toBe('client')
      expect(['updated_extension', 'new_extension', 'update_extension_available']).toContain(event.type)
      expect(event.message.length).toBeGreaterThan(10)
      expect(event.created_at).toMatch(TIMESTAMP)
    }
    for (let i = 1; i < events.length; i++) {
      expect(events[i].id).toBeLessThan(events[i - 1].id)
      expect(Date.parse(events[i].created_at)).toBeLessThanOrEqual(Date.parse(events[i - 1].created_at))
    }
  })

  it('lists the events of one site only, newest first; 404 for an unknown site', async () => {
    const server = await startServer({ seed: 'events', sites: 10, events: 40 })
    const all = (await get(server, '/logs?page=1')).json.data.concat(
      (await get(server, '/logs?page=2')).json.data,
      (await get(server, '/logs?page=3')).json.data,
    )
    const siteId = all[0].site_id
    const answer = await get(server, `/sites/${siteId}/logs`)
    expect(answer.status).toBe(200)
    const expected = all.filter((event: any) => event.site_id === siteId)
    expect(answer.json.data).toEqual(expected.slice(0, 15))
    expect(answer.json.meta).toMatchObject({ total: expected.length, path: `${server.baseUrl}/sites/${siteId}/logs` })
    expect((await get(server, '/sites/999/logs')).status).toBe(404)
  })

  it('reproduces the GET /logs quirk: links and meta.path name /sites/<site_id of the first event>/logs', async () => {
    const server = await startServer({ seed: 'quirk', sites: 10, events: 40 })
    for (const page of [1, 2, 3]) {
      const answer = await get(server, `/logs?page=${page}`)
      const scoped = `${server.baseUrl}/sites/${answer.json.data[0].site_id}/logs`
      expect(answer.json.meta.path).toBe(scoped)
      expect(answer.json.links).toEqual({
        first: `${scoped}?page=1`,
        last: `${scoped}?page=3`,
        prev: page > 1 ? `${scoped}?page=${page - 1}` : null,
        next: page < 3 ? `${scoped}?page=${page + 1}` : null,
      })
      // The counts are still those of the whole list.
      expect(answer.json.meta).toMatchObject({ total: 40, last_page: 3, current_page: page })
    }
    const newest = (await get(server, '/logs')).json.data[0]
    const outOfRange = await get(server, '/logs?page=9')
    expect(outOfRange.json.data).toEqual([])
    expect(outOfRange.json.meta.path).toBe(`${server.baseUrl}/sites/${newest.site_id}/logs`)
  })

  it('points GET /logs links at /logs when the quirk is switched off, and when there are no events', async () => {
    const plain = await startServer({ seed: 'quirk', sites: 10, events: 40, logsLinkQuirk: false })
    const answer = await get(plain, '/logs?page=2')
    expect(answer.json.meta.path).toBe(`${plain.baseUrl}/logs`)
    expect(answer.json.links.next).toBe(`${plain.baseUrl}/logs?page=3`)

    const empty = await startServer()
    const none = await get(empty, '/logs')
    expect(none.json).toEqual({
      data: [],
      links: { first: `${empty.baseUrl}/logs?page=1`, last: `${empty.baseUrl}/logs?page=1`, prev: null, next: null },
      meta: { current_page: 1, from: null, last_page: 1, per_page: 15, to: null, total: 0, path: `${empty.baseUrl}/logs` },
    })
  })

  it('drops the events of a deleted site', async () => {
    const server = await startServer({ seed: 'cascade', sites: 5, events: 30 })
    const siteId = (await get(server, '/logs')).json.data[0].site_id
    const before = (await get(server, `/sites/${siteId}/logs`)).json.meta.total
    const totalBefore = (await get(server, '/logs')).json.meta.total
    expect(before).toBeGreaterThan(0)
    await del(server, `/sites/${siteId}`)
    expect((await get(server, '/logs')).json.meta.total).toBe(totalBefore - before)
  })

  it('does not accept writes to events', async () => {
    const server = await startServer({ seed: 'ro', sites: 2, events: 3 })
    const answer = await fetch(`${server.baseUrl}/logs`, { method: 'POST', headers: { Authorization: `Bearer ${server.tokens[0]}` } })
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD')
    expect(await answer.json()).toEqual({
      message: 'The POST method is not supported for route api/v1/logs. Supported methods: GET, HEAD.',
    })
  })
})

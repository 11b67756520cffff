// The monitoring simulation, seen through the API.
import { describe, expect, it, vi } from 'vitest'
import type { SiteEvent } from '../../../src/shared'
import { get, post, startServer, TIMESTAMP } from './helpers'

describe('monitoring simulation', () => {
  it('checks a new site: fills the server keys and last_check_at and records events the API lists', async () => {
    let clock = new Date('2026-11-21T10:00:00Z')
    const server = await startServer({ now: () => clock })
    const site = (await post(server, '/sites', { name: 'New', url: 'https://new.example', cms_id: 2 })).json.data
    expect(site.created_at).toBe('2026-11-21T10:00:00+00:00')

    clock = new Date('2026-11-21T10:05:00Z')
    const results = server.runMonitoringPass()
    const mine = results.find((r) => r.token === server.tokens[0])!
    expect(mine.events.length).toBeGreaterThanOrEqual(1)

    const checked = (await get(server, `/sites/${site.id}`)).json.data
    expect(checked.last_check_at).toBe('2026-11-21T10:05:00+00:00')
    expect(checked.updated_at).toBe('2026-11-21T10:05:00+00:00')
    for (const key of ['ip', 'web', 'php', 'mysql']) expect(typeof checked.server[key]).toBe('string')

    const listed = (await get(server, '/logs')).json.data
    expect(listed).toEqual([...mine.events].reverse())
    for (const event of listed) {
      expect(event.site_id).toBe(site.id)
      expect(event.category).toBe('client')
      expect(event.created_at).toMatch(TIMESTAMP)
    }
  })

  it('keeps updates_count equal to the updates found but not yet applied', async () => {
    const server = await startServer()
    const site = (await post(server, '/sites', { name: 'Counted', url: 'https://counted.example' })).json.data
    for (let pass = 0; pass < 25; pass++) server.runMonitoringPass()
    const events: SiteEvent[] = []
    for (let page = 1; ; page++) {
      const answer = (await get(server, `/sites/${site.id}/logs?page=${page}`)).json
      events.push(...answer.data)
      if (answer.links.next === null) break
    }
    expect(events.length).toBeGreaterThanOrEqual(25)
    const available = events.filter((e) => e.type === 'update_extension_available').length
    const applied = events.filter((e) => e.type === 'updated_extension').length
    expect((await get(server, `/sites/${site.id}`)).json.data.updates_count).toBe(available - applied)
    expect(new Set(events.map((e) => e.type)).size).toBe(3)
  })

  it('tells onEvents listeners about new events until they unsubscribe', async () => {
    const server = await startServer({ seed: 'listen', sites: 6 })
    const heard: [string, SiteEvent[]][] = []
    const unsubscribe = server.onEvents((token, events) => heard.push([token, events]))
    const results = server.runMonitoringPass()
    expect(heard).toEqual(results.filter((r) => r.events.length > 0).map((r) => [r.token, r.events]))
    expect(heard.map(([token]) => token)).toEqual(server.tokens)
    unsubscribe()
    server.runMonitoringPass()
    expect(heard).toHaveLength(2)
  })

  it('runs passes on a timer and stops them on close', async () => {
    // Only the interval is faked: the HTTP round trips below still run on the real clock.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const server = await startServer({ seed: 'timer', sites: 3, monitoring: { intervalMs: 40 } })
      const before = (await get(server, '/logs')).json.meta.total
      let passes = 0
      server.onEvents((token) => {
        if (token === server.tokens[0]) passes++
      })
      vi.advanceTimersByTime(39)
      expect(passes).toBe(0)
      vi.advanceTimersByTime(41)
      expect(passes).toBe(2)
      expect((await get(server, '/logs')).json.meta.total).toBeGreaterThan(before)
      await server.close()
      vi.advanceTimersByTime(400)
      expect(passes).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

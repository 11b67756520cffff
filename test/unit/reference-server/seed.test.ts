// The seeded demo data, seen through the API.
import { describe, expect, it } from 'vitest'
import { get, startServer } from './helpers'
import type { RunningReferenceServer } from '../../../src/reference-server'

const fixedNow = () => new Date('2026-11-21T10:30:00Z')

async function everything(server: RunningReferenceServer, path: string, token = server.tokens[0]): Promise<any[]> {
  const items: any[] = []
  for (let page = 1; ; page++) {
    const answer = (await get(server, `${path}?page=${page}`, { token })).json
    items.push(...answer.data)
    if (answer.links.next === null) return items
  }
}

describe('seeded demo data', () => {
  it('serves 60 sites for seed demo, and a smaller portfolio for the second account', async () => {
    const server = await startServer({ seed: 'demo', now: fixedNow })
    expect((await get(server, '/sites')).json.meta).toMatchObject({ total: 60, last_page: 4 })
    expect((await get(server, '/sites', { token: server.tokens[1] })).json.meta.total).toBe(12)
  })

  it('is deterministic: the same seed gives the same data, another seed other data', async () => {
    const a = await startServer({ seed: 'demo', now: fixedNow, sites: 20 })
    const b = await startServer({ seed: 'demo', now: fixedNow, sites: 20 })
    const c = await startServer({ seed: 'other', now: fixedNow, sites: 20 })
    for (const path of ['/sites', '/tags', '/logs']) {
      expect(await everything(a, path)).toEqual(await everything(b, path))
    }
    expect((await everything(a, '/sites')).map((s) => s.name)).not.toEqual((await everything(c, '/sites')).map((s) => s.name))
  })

  it('looks like a real portfolio: never-checked sites, published 1 and null, realistic values', async () => {
    const server = await startServer({ seed: 'demo', now: fixedNow })
    const sites = await everything(server, '/sites')
    const neverChecked = sites.filter((s) => s.last_check_at === null)
    expect(neverChecked.length).toBeGreaterThanOrEqual(1)
    expect(neverChecked.length).toBeLessThanOrEqual(6)
    for (const site of neverChecked) expect(site.server).toEqual({ ip: null, web: null, php: null, mysql: null })
    expect(sites.some((s) => s.published === 1)).toBe(true)
    expect(sites.some((s) => s.published === null)).toBe(true)
    expect(sites.some((s) => s.tags.length > 0)).toBe(true)
    expect(sites.some((s) => s.updates_count > 0)).toBe(true)
    expect(new Set(sites.map((s) => s.name)).size).toBe(60)
    for (const site of sites) {
      expect(site.url).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z.]+$/)
      expect(site.admin_url.startsWith(site.url)).toBe(true)
      expect(site.status).toBe('Ok')
      if (site.last_check_at !== null) {
        expect(site.server.php).toMatch(/^\d+\.\d+\.\d+$/)
        expect(site.server.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
        expect(Date.parse(site.last_check_at)).toBeLessThanOrEqual(fixedNow().getTime())
      }
    }
  })

  it('generates the asked number of events, consistent with sites and ordered by time', async () => {
    const server = await startServer({ seed: 'demo', now: fixedNow, sites: 10, tags: 3, events: 50 })
    const events = await everything(server, '/logs', server.tokens[0])
    const sites = await everything(server, '/sites')
    expect(events).toHaveLength(50)
    expect((await everything(server, '/tags'))).toHaveLength(3)
    const byId = new Map(sites.map((s) => [s.id, s]))
    for (const event of events) {
      const site = byId.get(event.site_id)
      expect(site).toBeDefined()
      expect(site.last_check_at).not.toBeNull()
      expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(Date.parse(site.created_at))
      expect(Date.parse(event.created_at)).toBeLessThanOrEqual(Date.parse(site.last_check_at))
    }
    const types = new Set(events.map((e) => e.type))
    expect([...types].sort()).toEqual(['new_extension', 'update_extension_available', 'updated_extension'])
  })

  it('starts empty without a seed', async () => {
    const server = await startServer()
    for (const path of ['/sites', '/tags', '/logs']) expect((await get(server, path)).json.meta.total).toBe(0)
  })
})

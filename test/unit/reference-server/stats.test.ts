// GET /__stats, for benchmarks that run the server in a process of their own: only with the
// stats option (--stats), outside the API root, without token, latency or rate limit.
import { describe, expect, it } from 'vitest'
import { parseCliArgs } from '../../../src/reference-server/cli-args'
import type { ServerStats } from '../../../src/reference-server/stats'
import { get, startServer } from './helpers'

const statsUrl = (baseUrl: string) => `${new URL(baseUrl).origin}/__stats`

describe('GET /__stats', () => {
  it('is an ordinary 404 of the API when the option is off', async () => {
    const server = await startServer({ seed: 'stats', sites: 3 })
    const answer = await fetch(statsUrl(server.baseUrl))
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ message: 'The route __stats could not be found.' })
    expect(server.requestCount()).toBe(1)
  })

  it('counts the API requests and the answers by status, 429s included, and does not count itself', async () => {
    const server = await startServer({ seed: 'stats', sites: 20, stats: true, faults: { rateLimitPerMinute: 3, latencyMs: 30 } })
    for (let page = 1; page <= 5; page++) await get(server, `/sites?page=${page}`)
    await get(server, '/sites', { token: null })

    const started = Date.now()
    const answer = await fetch(statsUrl(server.baseUrl))
    // No latency and no rate limit for the stats themselves.
    expect(Date.now() - started).toBeLessThan(30)
    expect(answer.status).toBe(200)
    const stats = (await answer.json()) as ServerStats
    expect(stats.requests).toBe(6)
    // The anonymous request shares the address's budget, a window of its own: answered 401.
    expect(stats.statuses).toEqual({ 200: 3, 401: 1, 429: 2 })
    expect(stats.cpuMs.user).toBeGreaterThan(0)
    expect(stats.memory.rssBytes).toBeGreaterThan(0)
    expect(((await (await fetch(statsUrl(server.baseUrl))).json()) as ServerStats).requests).toBe(6)
  })

  it('is turned on by --stats', () => {
    expect(parseCliArgs(['--stats'])).toMatchObject({ stats: true })
    expect(parseCliArgs([])).not.toHaveProperty('stats')
  })
})

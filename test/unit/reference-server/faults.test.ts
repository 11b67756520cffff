// Each fault switch, at start and at runtime, over real HTTP.
import { describe, expect, it } from 'vitest'
import { get, post, startServer } from './helpers'

describe('faults', () => {
  it('adds latency before every answer', async () => {
    const server = await startServer({ faults: { latencyMs: 400 } })
    const started = performance.now()
    expect((await get(server, '/sites')).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    server.setFaults({ latencyMs: 0 })
    const fast = performance.now()
    await get(server, '/sites')
    expect(performance.now() - fast).toBeLessThan(390)
  })

  it('rate limits per token with X-RateLimit-* on every answer and 429 + Retry-After when exceeded', async () => {
    const server = await startServer({ faults: { rateLimitPerMinute: 3 } })
    const remaining: (string | null)[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await get(server, '/sites')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-ratelimit-limit')).toBe('3')
      remaining.push(answer.headers.get('x-ratelimit-remaining'))
    }
    expect(remaining).toEqual(['2', '1', '0'])
    const refused = await get(server, '/sites')
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ message: 'Too Many Attempts.' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
    expect(refused.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/)
    // Error answers carry the headers too, and the other account has its own budget.
    const other = await get(server, '/sites/999', { token: server.tokens[1] })
    expect(other.status).toBe(404)
    expect(other.headers.get('x-ratelimit-remaining')).toBe('2')

    server.setFaults({ rateLimitPerMinute: null })
    const free = await get(server, '/sites')
    expect(free.status).toBe(200)
    expect(free.headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('does not carry out a request refused by the rate limit', async () => {
    const server = await startServer({ faults: { rateLimitPerMinute: 1 } })
    expect((await post(server, '/tags', { name: 'First' })).status).toBe(200)
    expect((await post(server, '/tags', { name: 'Second' })).status).toBe(429)
    server.setFaults({ rateLimitPerMinute: null })
    expect((await get(server, '/tags')).json.data.map((t: any) => t.name)).toEqual(['First'])
  })

  it('fails requests at the failure rate with the chosen statuses, as Laravel JSON', async () => {
    const server = await startServer({ faults: { failureRate: 1, failureStatuses: [503] } })
    const failed = await get(server, '/sites')
    expect(failed.status).toBe(503)
    expect(failed.json).toEqual({ message: 'Service Unavailable' })

    server.setFaults({ failureRate: 0.5, failureStatuses: [500, 502, 503] })
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await get(server, '/sites')).status)
    const failures = statuses.filter((s) => s !== 200)
    expect(failures.length).toBeGreaterThan(5)
    expect(failures.length).toBeLessThan(35)
    expect(new Set(failures).size).toBeGreaterThan(1)
    for (const status of failures) expect([500, 502, 503]).toContain(status)

    server.setFaults({ failureRate: 0 })
    expect((await get(server, '/sites')).status).toBe(200)
  })

  it('repeats the same failure pattern for the same seed', async () => {
    const pattern = async () => {
      const server = await startServer({ seed: 'same', sites: 1, faults: { failureRate: 0.5 } })
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) statuses.push((await get(server, '/sites')).status)
      await server.close()
      return statuses
    }
    expect(await pattern()).toEqual(await pattern())
  })

  it('trickles the body over slowBodyMs: headers at once, the body in parts', async () => {
    const server = await startServer({ seed: 'slow', sites: 15, faults: { slowBodyMs: 800 } })
    const started = performance.now()
    const response = await fetch(`${server.baseUrl}/sites`, { headers: { Authorization: `Bearer ${server.tokens[0]}` } })
    const headersAt = performance.now() - started
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    const arrivals: number[] = []
    const chunks: Uint8Array[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      arrivals.push(performance.now() - started)
      chunks.push(value)
    }
    const total = performance.now() - started
    expect(headersAt).toBeLessThan(600)
    expect(total).toBeGreaterThanOrEqual(780)
    // The parts arrive spread out, not all at the end.
    expect(arrivals[0]!).toBeLessThan(total - 300)
    expect(arrivals.length).toBeGreaterThanOrEqual(2)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    expect(body.data).toHaveLength(15)
  })

  it('breaks the JSON of 200 answers when malformedJson is on, yet carries out the request', async () => {
    const server = await startServer({ faults: { malformedJson: true } })
    const created = await post(server, '/tags', { name: 'Broken answer' })
    expect(created.status).toBe(200)
    expect(created.headers.get('content-type')).toBe('application/json')
    expect(() => JSON.parse(created.text)).toThrow()
    expect(created.text.startsWith('{"data":')).toBe(true)
    // Errors stay intact: only the successful bodies are broken.
    expect((await get(server, '/sites/1')).json).toBeDefined()
    server.setFaults({ malformedJson: false })
    expect((await get(server, '/tags')).json.data[0].name).toBe('Broken answer')
  })

  it('answers a 500 HTML page when htmlErrorPage is on', async () => {
    const server = await startServer({ faults: { htmlErrorPage: true } })
    const answer = await get(server, '/sites')
    expect(answer.status).toBe(500)
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    expect(answer.text).toMatch(/^<!DOCTYPE html>/)
    server.setFaults({ htmlErrorPage: false })
    expect((await get(server, '/sites')).status).toBe(200)
  })

  it('refuses fault values that make no sense', async () => {
    const server = await startServer()
    expect(() => server.setFaults({ failureRate: 2 })).toThrow(RangeError)
    expect(() => server.setFaults({ latencyMs: -1 })).toThrow(RangeError)
    expect(() => server.setFaults({ rateLimitPerMinute: 0 })).toThrow(RangeError)
    expect(() => server.setFaults({ failureStatuses: [] })).toThrow(RangeError)
    expect((await get(server, '/sites')).status).toBe(200)
  })

  it('counts every request received', async () => {
    const server = await startServer({ faults: { failureRate: 1 } })
    for (let i = 0; i < 4; i++) await get(server, '/sites')
    expect(server.requestCount()).toBe(4)
  })

  it('closes promptly even while answers are delayed', async () => {
    const server = await startServer({ faults: { latencyMs: 10_000 } })
    const pending = get(server, '/sites').catch((error: unknown) => error)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = performance.now()
    await server.close()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await pending).toBeInstanceOf(Error)
  })
})

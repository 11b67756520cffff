// Spec section 5: bearer tokens, one account per token.
import { describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../../src/reference-server'
import { call, del, get, post, startServer } from './helpers'

describe('authentication (spec 5)', () => {
  it('answers 401 {"message":"Unauthenticated."} without a valid bearer token, on every endpoint', async () => {
    const server = await startServer({ seed: 'auth', sites: 2 })
    const attempts: [string, string, Record<string, string>][] = [
      ['GET', '/sites', {}],
      ['GET', '/sites/1', { Authorization: 'Bearer wrong-token' }],
      ['POST', '/sites', { Authorization: `Basic ${server.tokens[0]}` }],
      ['DELETE', '/sites/1', { Authorization: server.tokens[0] as string }],
      ['GET', '/tags', { Authorization: 'Bearer' }],
      ['POST', '/tags', {}],
      ['DELETE', '/tags/1', {}],
      ['GET', '/logs', {}],
      ['GET', '/sites/1/logs', {}],
    ]
    for (const [method, path, headers] of attempts) {
      const answer = await call(server, method, path, { token: null, headers })
      expect(answer.status, `${method} ${path}`).toBe(401)
      expect(answer.json).toEqual({ message: 'Unauthenticated.' })
    }
    // Nothing was deleted by the refused calls.
    expect((await get(server, '/sites')).json.meta.total).toBe(2)
  })

  it('accepts the scheme name in any case', async () => {
    const server = await startServer()
    const answer = await call(server, 'GET', '/sites', { token: null, headers: { Authorization: `bearer ${server.tokens[0]}` } })
    expect(answer.status).toBe(200)
  })

  it('keeps each token\'s account apart: own sites, tags and events; ids of another account are 404', async () => {
    const server = await startServer({ seed: 'two', sites: 20, tokens: ['token-a', 'token-b'] })
    expect(server.tokens).toEqual(['token-a', 'token-b'])
    const a = await get(server, '/sites', { token: 'token-a' })
    const b = await get(server, '/sites', { token: 'token-b' })
    expect(a.json.meta.total).toBe(20)
    expect(b.json.meta.total).toBe(4)
    const idsOfA = new Set(a.json.data.map((s: any) => s.id))
    const siteOfB = b.json.data[0].id
    expect(idsOfA.has(siteOfB)).toBe(false)
    expect((await get(server, `/sites/${siteOfB}`, { token: 'token-a' })).status).toBe(404)
    expect((await del(server, `/sites/${siteOfB}`, { token: 'token-a' })).status).toBe(404)
    expect((await get(server, `/sites/${siteOfB}/logs`, { token: 'token-a' })).status).toBe(404)

    const tagOfB = (await post(server, '/tags', { name: 'Only B' }, { token: 'token-b' })).json.data
    const refused = await post(server, '/sites', { name: 'X', url: 'https://x.example', tags: [tagOfB.id] }, { token: 'token-a' })
    expect(refused.status).toBe(422)
    expect(refused.json.errors).toEqual({ 'tags.0': ['The selected tags.0 is invalid.'] })
    expect((await get(server, '/tags', { token: 'token-a' })).text).not.toContain('Only B')

    const eventsOfB = (await get(server, '/logs', { token: 'token-b' })).json.data
    const eventsOfA = (await get(server, '/logs', { token: 'token-a' })).json.data
    expect(eventsOfB.every((e: any) => !idsOfA.has(e.site_id))).toBe(true)
    expect(eventsOfA.some((e: any) => e.site_id === siteOfB)).toBe(false)
  })

  it('makes as many accounts as asked, with distinct random tokens', async () => {
    const server = await startServer({ accounts: 3 })
    expect(server.tokens).toHaveLength(3)
    expect(new Set(server.tokens).size).toBe(3)
    for (const token of server.tokens) expect((await get(server, '/sites', { token })).status).toBe(200)
  })

  it('refuses to listen anywhere but loopback, and refuses duplicate tokens', async () => {
    await expect(startReferenceServer({ host: '0.0.0.0' })).rejects.toThrow(/loopback/)
    await expect(startReferenceServer({ host: '192.168.1.10' })).rejects.toThrow(/loopback/)
    await expect(startReferenceServer({ tokens: ['same', 'same'] })).rejects.toThrow(/distinct/)
  })
})

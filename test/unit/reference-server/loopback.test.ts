// The reference server serves tokens over plain http, so it listens on loopback only.
import { describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../../src/reference-server'
import { isLoopbackHost } from '../../../src/reference-server/loopback'
import { get, startServer } from './helpers'

describe('loopback hosts', () => {
  it('accepts exactly localhost, 127.0.0.0/8 and ::1 with or without brackets', () => {
    for (const host of ['localhost', '127.0.0.1', '127.0.0.0', '127.255.255.255', '127.1.2.3', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true)
    }
  })

  it('refuses everything else, including look-alikes', () => {
    const refused = [
      '0.0.0.0', '::', '', '127.0.0.256', '127.999.0.1', '127.1', '128.0.0.1', '10.0.0.1',
      'localhost.example.com', 'app.localhost', 'LOCALHOST.', '::2', '[::1', '::ffff:10.0.0.1', ' 127.0.0.1',
    ]
    for (const host of refused) expect(isLoopbackHost(host), host).toBe(false)
  })

  it('refuses to start on a non-loopback address', async () => {
    await expect(startReferenceServer({ host: '0.0.0.0' })).rejects.toThrow(/loopback only/)
    await expect(startReferenceServer({ host: '127.0.0.300' })).rejects.toThrow(/loopback only/)
  })

  it('serves on [::1] as written in a URL, with the brackets in its links', async () => {
    const server = await startServer({ host: '[::1]', seed: 'v6', sites: 20 })
    expect(server.baseUrl).toMatch(/^http:\/\/\[::1\]:\d+\/api\/v1$/)
    const page = await get(server, '/sites')
    expect(page.status).toBe(200)
    expect(page.json.links.next).toBe(`${server.baseUrl}/sites?page=2`)
  })
})

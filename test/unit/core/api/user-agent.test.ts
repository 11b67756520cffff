// Every request of the API client names the app and its version in its User-Agent, so a
// server's operators can tell Site Manager's calls from anyone else's.
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteApiClient, DEFAULT_USER_AGENT } from '../../../../src/core/api'
import { fakeTiming } from './support/fake-timing'
import { sendJson, site } from './support/listener'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function serveSite(): Promise<{ baseUrl: string; headers: IncomingHttpHeaders[] }> {
  const headers: IncomingHttpHeaders[] = []
  const server = createServer((req, res) => {
    headers.push(req.headers)
    sendJson(res, 200, { data: site(7) })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, headers }
}

describe('the User-Agent of the API client', () => {
  it('is the one core gives, on every request', async () => {
    const { baseUrl, headers } = await serveSite()
    const api = createSiteApiClient({ baseUrl, token: 't', timing: fakeTiming(), userAgent: 'Site Manager/1.2.3' })
    closers.push(() => api.close())
    await api.getSite(7)
    await api.getSite(7)
    expect(headers.map((h) => h['user-agent'])).toEqual(['Site Manager/1.2.3', 'Site Manager/1.2.3'])
  })

  it('names the app when no version was given', async () => {
    const { baseUrl, headers } = await serveSite()
    const api = createSiteApiClient({ baseUrl, token: 't', timing: fakeTiming() })
    closers.push(() => api.close())
    await api.getSite(7)
    expect(headers[0]?.['user-agent']).toBe(DEFAULT_USER_AGENT)
  })
})

// A SiteApi client of a loopback listener, both closed after the test: what most client tests
// start with. Fake timing (waits recorded, none slept) unless the config says otherwise.
import { afterEach } from 'vitest'
import { createSiteApiClient, type SiteApi, type SiteApiClientConfig } from '../../../../../src/core/api'
import { fakeTiming } from './fake-timing'
import { startListener, type Handler, type TestListener } from './listener'

const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

export interface ServedApi {
  api: SiteApi
  server: TestListener
}

/** A client whose API address is the listener's origin plus `basePath`. */
export async function serveApi(handler: Handler, config: Partial<SiteApiClientConfig> = {}, basePath = '/v1'): Promise<ServedApi> {
  const server = await startListener(handler)
  opened.push(server)
  const api = createSiteApiClient({ baseUrl: `${server.origin}${basePath}`, token: 't', timing: fakeTiming(), ...config })
  opened.push(api)
  return { api, server }
}

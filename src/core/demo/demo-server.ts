// How the demo starts its server: the reference server, run inside core on a free loopback
// port. Loaded with a dynamic import so the server's code is only read when the demo opens.
import type { SiteEvent } from '../../shared'

export interface DemoServer {
  baseUrl: string
  onEvents(listener: (token: string, events: SiteEvent[]) => void): () => void
  close(): Promise<void>
}

export interface DemoServerOptions {
  token: string
  /** The server's state, persisted between runs. */
  dataFile: string
  monitoringIntervalMs: number
}

export type StartDemoServer = (options: DemoServerOptions) => Promise<DemoServer>

export const startReferenceDemoServer: StartDemoServer = async ({ token, dataFile, monitoringIntervalMs }) => {
  const { startReferenceServer } = await import('../../reference-server')
  return startReferenceServer({
    host: '127.0.0.1',
    port: 0,
    // A realistic portfolio: about 60 sites across several tags, varied server versions,
    // pending updates, a few never checked, a few hundred events.
    seed: 'demo',
    sites: 60,
    accounts: 1,
    tokens: [token],
    dataFile,
    monitoring: { intervalMs: monitoringIntervalMs },
  })
}

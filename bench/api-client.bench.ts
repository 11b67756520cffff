// How long the app waits for a whole site list, paged 15 at a time as the API gives it.
import { createSiteApiClient } from '../src/core/api'
import { startReferenceServer } from '../src/reference-server'
import { heapMiB, line, medianMs } from './measure'

const SITES = 1500

async function measure(latencyMs: number): Promise<void> {
  const server = await startReferenceServer({ seed: 'bench', sites: SITES, events: 0, faults: { latencyMs } })
  const client = createSiteApiClient({ baseUrl: server.baseUrl, token: server.tokens[0]! })
  try {
    const before = heapMiB()
    let kept: unknown[] = []
    const ms = await medianMs(3, async () => {
      kept = await client.listAllSites()
    })
    const pages = Math.ceil(SITES / 15)
    if (kept.length !== SITES) throw new Error(`expected ${SITES} sites, got ${kept.length}`)
    line(`list all ${SITES} sites (${pages} pages), ${latencyMs} ms latency: wall time`, ms, 'ms')
    line(`  requests per second`, (pages / ms) * 1000, 'req/s')
    line(`  heap held by the list`, heapMiB() - before, 'MiB')
  } finally {
    await client.close()
    await server.close()
  }
}

await measure(0)
await measure(20)

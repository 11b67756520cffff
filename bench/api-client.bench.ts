// How long the app waits for a whole site list, paged 15 at a time as the API gives it, and
// the heap the client keeps. The reference server runs in a process of its own, so the heap
// figures are the client's alone.
import { createSiteApiClient } from '../src/core/api'
import { heading, heapMiB, line, medianMs } from './measure'
import { startServerProcess } from './support/server-process'

const SITES = 1500

/** Heap figures only for the first run. */
async function measure(latencyMs: number, withHeap: boolean): Promise<void> {
  const server = await startServerProcess({ sites: SITES, events: 0, latencyMs })
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
    if (!withHeap) return
    const afterFirstReads = heapMiB()
    line(`  heap grown while holding the list (client only)`, afterFirstReads - before, 'MiB')
    for (let i = 0; i < 5; i++) kept = await client.listAllSites()
    line(`  heap growth over 5 more reads (leak check)`, heapMiB() - afterFirstReads, 'MiB')
  } finally {
    await client.close()
    await server.stop()
  }
}

heading(`API client: ${SITES} sites over loopback (server in its own process)`)
await measure(0, true)
await measure(20, false)

// A whole list of 10,000 sites (667 pages of 15) read through the real SiteApiClient
// from the reference server in a process of its own, 40 ms of latency on every request.
//
// - concurrent: listAllSites (pages 1 and 2 alone, then CLIENT_DEFAULTS.maxConcurrent in
//   flight), against the floor ceil(pages / in-flight) x latency;
// - sequential: the same client class asking listSites(1), listSites(2), ... one at a time,
//   measured in the same run as the baseline;
// - rate limited (BENCH_RATE=1, over a minute): the server allows 600 requests a minute; the
//   429s are the server's own count (GET /__stats), the time is set against the limit's floor.
import { CLIENT_DEFAULTS, createSiteApiClient } from '../src/core/api'
import type { Site } from '../src/shared'
import { atLeast, atMost, figure, heading, line, medianMs, notMeasured } from './measure'
import { startServerProcess, statusCount, type ServerProcess } from './support/server-process'

const SITES = 10_000
const PER_PAGE = 15
const PAGES = Math.ceil(SITES / PER_PAGE)
const LATENCY_MS = 40
const IN_FLIGHT = CLIENT_DEFAULTS.maxConcurrent
const RATE_LIMIT = 600
const WINDOW_MS = 60_000

function checkWhole(sites: readonly Site[]): void {
  if (sites.length !== SITES) throw new Error(`expected ${SITES} sites, got ${sites.length}`)
  if (new Set(sites.map((site) => site.id)).size !== SITES) throw new Error('the read holds duplicate sites')
}

async function readAllConcurrently(server: ServerProcess): Promise<number> {
  const client = createSiteApiClient({ baseUrl: server.baseUrl, token: server.tokens[0]! })
  try {
    const start = performance.now()
    const sites = await client.listAllSites()
    const ms = performance.now() - start
    checkWhole(sites)
    return ms
  } finally {
    await client.close()
  }
}

async function readAllSequentially(server: ServerProcess): Promise<number> {
  const client = createSiteApiClient({ baseUrl: server.baseUrl, token: server.tokens[0]! })
  try {
    const start = performance.now()
    const sites: Site[] = []
    for (let page = 1; ; page++) {
      const answer = await client.listSites(page)
      sites.push(...answer.data)
      if (page >= answer.meta.last_page) break
    }
    const ms = performance.now() - start
    checkWhole(sites)
    return ms
  } finally {
    await client.close()
  }
}

heading(`Full read of ${SITES.toLocaleString('en')} sites (${PAGES} pages of ${PER_PAGE}), ${LATENCY_MS} ms latency per request, server in its own process`)
{
  const server = await startServerProcess({ sites: SITES, latencyMs: LATENCY_MS })
  try {
    const before = await server.stats()
    const concurrentMs = await medianMs(3, () => readAllConcurrently(server).then(() => undefined))
    // medianMs times the whole call; the read itself is what readAllConcurrently returns, but
    // client creation and close are a fraction of a millisecond, so the median stands for it.
    const floorMs = Math.ceil(PAGES / IN_FLIGHT) * LATENCY_MS
    line(`concurrent listAllSites (${IN_FLIGHT} in flight, CLIENT_DEFAULTS.maxConcurrent), median of 3`, concurrentMs, 'ms')
    line(`  floor: ceil(${PAGES} / ${IN_FLIGHT}) x ${LATENCY_MS} ms`, floorMs, 'ms')
    figure(`  wall time / floor`, concurrentMs / floorMs, 'x', atMost(1.25), 2)
    const sequentialMs = await readAllSequentially(server)
    line(`sequential page-by-page reader (listSites(1), (2), ...), same run`, sequentialMs, 'ms')
    figure(`  concurrent read is faster than sequential by`, sequentialMs / concurrentMs, 'x', atLeast(6))
    const after = await server.stats()
    const answered = after.requests - before.requests
    line(`  requests the server answered (3 concurrent + 1 sequential read)`, answered, '', 0)
    line(`  of them not 200`, answered - statusCount(before, after, 200), '', 0)
  } finally {
    await server.stop()
  }
}

heading(`The same under a limit of ${RATE_LIMIT} requests a minute (--rate-limit ${RATE_LIMIT})`)
if (process.env.BENCH_RATE !== '1') {
  notMeasured(`429s received and time against the limit's floor`, 'takes over 60 s; run: BENCH_RATE=1 npm run bench (or BENCH_RATE=1 node --import tsx bench/full-read.bench.ts)')
} else {
  const server = await startServerProcess({ sites: SITES, latencyMs: LATENCY_MS, rateLimit: RATE_LIMIT })
  try {
    const before = await server.stats()
    const ms = await readAllConcurrently(server)
    const after = await server.stats()
    // The window starts with the first request's arrival (after its latency); the first 600
    // fit in it, the other 67 wait for the next window and then take ceil(67 / in-flight)
    // rounds of latency.
    const floorMs = LATENCY_MS + WINDOW_MS + Math.ceil((PAGES - RATE_LIMIT) / IN_FLIGHT) * LATENCY_MS
    figure(`429 answers the server sent`, statusCount(before, after, 429), '', atMost(0), 0)
    line(`requests the server received for one full read`, after.requests - before.requests, '', 0)
    line(`full read under the limit`, ms, 'ms')
    line(`  floor: ${LATENCY_MS} + ${WINDOW_MS} + ceil((${PAGES} - ${RATE_LIMIT}) / ${IN_FLIGHT}) x ${LATENCY_MS} ms`, floorMs, 'ms')
    figure(`  time / floor`, ms / floorMs, 'x', atMost(1.1), 2)
  } finally {
    await server.stop()
  }
}

// What one page of GET /sites costs the reference server at 10,000 sites.
// Before: the handler copied and sorted the whole list and turned every site into the wire
// format, then sliced 15 (8-9 ms of CPU a page). Now it slices first and converts the page.
//
// 1. The handler alone, in this process, over all 667 pages: the old algorithm (kept here,
//    verbatim, as the baseline) against the current HANDLERS['sites.index'], same data, same run.
// 2. The whole request in the server's own process (HTTP, routing, JSON encoding included): its
//    CPU time (GET /__stats) over a sequential read of all 667 pages, divided by the pages.
import { HANDLERS, type HandlerContext } from '../src/reference-server/handlers'
import { paginate } from '../src/reference-server/paginator'
import { jsonReply } from '../src/reference-server/replies'
import { generateState } from '../src/reference-server/seed/generate'
import { ReferenceStore } from '../src/reference-server/store'
import { siteToWire } from '../src/reference-server/wire'
import { below, figure, heading, line } from './measure'
import { cpuMsBetween, startServerProcess } from './support/server-process'

const SITES = 10_000
const PER_PAGE = 15
const PAGES = Math.ceil(SITES / PER_PAGE)

heading(`Reference server: CPU per page of GET /sites at ${SITES.toLocaleString('en')} sites`)

// The seeded generator's data with the server's default events (four a site): the events
// replay extension activity, so sites carry realistic extension lists (updates_count).
const state = generateState({ seed: 'bench', tokens: ['bench'], size: { sites: SITES, tags: 8, events: SITES * 4 }, anchor: new Date() })
const store = new ReferenceStore(state, () => new Date())
const account = state.accounts[0]!
const context = (page: number): HandlerContext => ({
  store,
  account,
  id: null,
  query: new URLSearchParams({ page: String(page) }),
  apiRoot: 'http://127.0.0.1:1/api/v1',
  perPage: PER_PAGE,
  logsLinkQuirk: true,
  readInput: async () => ({}),
})

/** The handler as it was before pages were sliced first (git e548473^): the whole list sorted and converted. */
function sitesIndexBefore(c: HandlerContext) {
  const sites = [...c.account.sites].sort((a, b) => a.id - b.id).map((site) => siteToWire(site, c.account))
  return jsonReply(200, paginate(sites, Number(c.query.get('page')), c.perPage, `${c.apiRoot}/sites`))
}

function cpuPerPageMs(handler: (c: HandlerContext) => unknown): number {
  for (let page = 1; page <= 30; page++) handler(context(page)) // warm up
  const start = process.cpuUsage()
  for (let page = 1; page <= PAGES; page++) handler(context(page))
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / PAGES
}

// Same answers, byte for byte, before the figures mean anything.
for (const page of [1, 2, 333, PAGES, PAGES + 1]) {
  const before = sitesIndexBefore(context(page))
  const now = HANDLERS['sites.index'](context(page)) as ReturnType<typeof sitesIndexBefore>
  if (before.body !== now.body) throw new Error(`page ${page}: the current handler answers differently from the old one`)
}

const beforeMs = cpuPerPageMs(sitesIndexBefore)
const afterMs = cpuPerPageMs((c) => HANDLERS['sites.index'](c))
line(`handler alone, before (whole list sorted + converted, then sliced)`, beforeMs, 'ms CPU/page')
figure(`handler alone, now (page sliced, 15 sites converted)`, afterMs, 'ms', below(1), 3)
line(`  speed-up`, beforeMs / afterMs, 'x')

// The server's default data for this size: 10,000 sites and about four events each.
const server = await startServerProcess({ sites: SITES, latencyMs: 0 })
try {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${server.tokens[0]}` }
  const read = async () => {
    for (let page = 1; page <= PAGES; page++) {
      const response = await fetch(`${server.baseUrl}/sites?page=${page}`, { headers })
      if (response.status !== 200) throw new Error(`page ${page} answered ${response.status}`)
      await response.arrayBuffer()
    }
  }
  await read() // warm up the server's JIT and connections
  const before = await server.stats()
  await read()
  const after = await server.stats()
  figure(`whole request in the server's own process (HTTP + JSON), per page`, cpuMsBetween(before, after) / PAGES, 'ms', below(1), 3)
} finally {
  await server.stop()
}

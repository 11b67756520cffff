// The local store at the size of a big agency, 10,000 sites and 100,000 events (the
// reference server's seeded generator, in the API's wire format), in SqliteWorkspaceStore on
// disk: full-text search over the events, and opening the events feed (first slice + total).
// Core's memory with that much synced is bench/core-memory.bench.ts.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { below, figure, heading, line, medianMs, notMeasured } from './measure'

const SITES = 10_000
const EVENTS = 100_000
const ACCOUNT = 'bench-account'
/** What people type: an extension, a word of many messages, a site name, two words, a prefix. */
const SEARCHES = ['woocommerce', 'updated', 'akeeba backup', 'wordfence', 'version 9', 'elem', 'harbor']

heading(`Workspace store: ${SITES.toLocaleString('en')} sites, ${EVENTS.toLocaleString('en')} events (SQLite on disk)`)

const storeFile = new URL('../src/core/store/sqlite-workspace-store.ts', import.meta.url)
if (!existsSync(storeFile)) {
  notMeasured('full-text search over 100,000 events (queryEvents({text}))', 'src/core/store/sqlite-workspace-store.ts is not there yet')
  notMeasured('opening the events feed (first slice + total)', 'src/core/store/sqlite-workspace-store.ts is not there yet')
} else {
  const { SqliteWorkspaceStore } = await import('../src/core/store/sqlite-workspace-store')
  const { generateState } = await import('../src/reference-server/seed/generate')
  const { eventToWire, siteToWire, tagToWire } = await import('../src/reference-server/wire')

  const dataDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-store-'))
  try {
    const generated = generateState({ seed: 'bench', tokens: ['bench'], size: { sites: SITES, tags: 8, events: EVENTS }, anchor: new Date() })
    const account = generated.accounts[0]!
    const sites = account.sites.map((site) => siteToWire(site, account))
    const tags = account.tags.map(tagToWire)
    // Newest first, as the sync engine receives them from GET /logs.
    const events = account.events.map(eventToWire).reverse()

    let store = SqliteWorkspaceStore.open({ dataDir })
    const fillStart = performance.now()
    store.replaceSnapshot(ACCOUNT, { sites, tags, syncedAt: new Date().toISOString() })
    for (let i = 0; i < events.length; i += 1000) store.addEvents(ACCOUNT, events.slice(i, i + 1000))
    line(`filling the store (snapshot + events in slices of 1,000)`, performance.now() - fillStart, 'ms')
    if (store.eventCount(ACCOUNT) !== EVENTS) throw new Error(`expected ${EVENTS} stored events, got ${store.eventCount(ACCOUNT)}`)
    // Reopened, as the app finds it at start: statements prepared anew, nothing cached in JS.
    store.close()
    store = SqliteWorkspaceStore.open({ dataDir })

    const openStart = performance.now()
    const first = store.queryEvents({ accountId: ACCOUNT })
    const firstOpenMs = performance.now() - openStart
    if (first.total !== EVENTS || first.events.length === 0) throw new Error(`the feed opened with ${first.events.length} of ${first.total}`)
    line(`opening the events feed, first call after opening the store`, firstOpenMs, 'ms')
    const feedMs = await medianMs(15, () => store.queryEvents({ accountId: ACCOUNT }))
    figure(`opening the events feed (first slice of ${first.events.length} + total), median`, feedMs, 'ms', below(100))

    let slowest = 0
    for (const text of SEARCHES) {
      const result = store.queryEvents({ accountId: ACCOUNT, text })
      const ms = await medianMs(9, () => store.queryEvents({ accountId: ACCOUNT, text }))
      slowest = Math.max(slowest, ms)
      line(`  search "${text}": ${result.total.toLocaleString('en')} matches, median`, ms, 'ms')
    }
    figure(`full-text search over ${EVENTS.toLocaleString('en')} events, slowest query's median`, slowest, 'ms', below(50))
    store.close()
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

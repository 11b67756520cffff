// The local store at the size of a big agency, 10,000 sites and 100,000 events (the
// reference server's seeded generator, in the API's wire format), in SqliteWorkspaceStore on
// disk: full-text search over the events, and opening the events feed (first slice + total);
// then the same figures for the feed of a scope of five accounts of 20,000 events each (the
// All accounts scope), read as one query. Core's memory with that much synced is
// bench/core-memory.bench.ts.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { below, figure, heading, line, medianMs, notMeasured } from './measure'

const SITES = 10_000
const EVENTS = 100_000
const ACCOUNT = 'bench-account'
const SCOPE_ACCOUNTS = 5
const SCOPE_EVENTS = 20_000
const SCOPE_SITES = 2_000
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
    const first = store.queryEvents({ scope: [ACCOUNT] })
    const firstOpenMs = performance.now() - openStart
    if (first.total !== EVENTS || first.events.length === 0) throw new Error(`the feed opened with ${first.events.length} of ${first.total}`)
    line(`opening the events feed, first call after opening the store`, firstOpenMs, 'ms')
    const feedMs = await medianMs(15, () => store.queryEvents({ scope: [ACCOUNT] }))
    figure(`opening the events feed (first slice of ${first.events.length} + total), median`, feedMs, 'ms', below(100))

    let slowest = 0
    for (const text of SEARCHES) {
      const result = store.queryEvents({ scope: [ACCOUNT], text })
      const ms = await medianMs(9, () => store.queryEvents({ scope: [ACCOUNT], text }))
      slowest = Math.max(slowest, ms)
      line(`  search "${text}": ${result.total.toLocaleString('en')} matches, median`, ms, 'ms')
    }
    figure(`full-text search over ${EVENTS.toLocaleString('en')} events, slowest query's median`, slowest, 'ms', below(50))
    store.close()
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }

  heading(`Workspace store: a scope of ${SCOPE_ACCOUNTS} accounts x ${SCOPE_EVENTS.toLocaleString('en')} events (one query over the scope)`)
  const scopeDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-scope-'))
  try {
    let store = SqliteWorkspaceStore.open({ dataDir: scopeDir })
    const scope: string[] = []
    const fillStart = performance.now()
    for (let a = 0; a < SCOPE_ACCOUNTS; a++) {
      // Each account its own server: event ids overlap across accounts, as they do in the app.
      const generated = generateState({
        seed: `bench-scope-${a}`,
        tokens: ['bench'],
        size: { sites: SCOPE_SITES, tags: 8, events: SCOPE_EVENTS },
        anchor: new Date(),
      })
      const account = generated.accounts[0]!
      const accountId = `bench-account-${a}`
      scope.push(accountId)
      store.replaceSnapshot(accountId, {
        sites: account.sites.map((site) => siteToWire(site, account)),
        tags: account.tags.map(tagToWire),
        syncedAt: new Date().toISOString(),
      })
      const events = account.events.map(eventToWire).reverse()
      for (let i = 0; i < events.length; i += 1000) store.addEvents(accountId, events.slice(i, i + 1000))
    }
    line(`filling the store (${SCOPE_ACCOUNTS} accounts)`, performance.now() - fillStart, 'ms')
    store.close()
    store = SqliteWorkspaceStore.open({ dataDir: scopeDir })

    const expected = SCOPE_ACCOUNTS * SCOPE_EVENTS
    const openStart = performance.now()
    const first = store.queryEvents({ scope })
    const firstOpenMs = performance.now() - openStart
    if (first.total !== expected || first.events.length === 0) throw new Error(`the scope's feed opened with ${first.events.length} of ${first.total}`)
    line(`opening the scope's events feed, first call after opening the store`, firstOpenMs, 'ms')
    const feedMs = await medianMs(15, () => store.queryEvents({ scope }))
    figure(`opening the scope's events feed (first slice of ${first.events.length} + total of ${expected.toLocaleString('en')}), median`, feedMs, 'ms', below(100))
    const next = first.next ?? undefined
    line(`  the next slice, median`, await medianMs(15, () => store.queryEvents({ scope, after: next })), 'ms')

    let slowest = 0
    for (const text of SEARCHES) {
      const result = store.queryEvents({ scope, text })
      const ms = await medianMs(9, () => store.queryEvents({ scope, text }))
      slowest = Math.max(slowest, ms)
      line(`  search "${text}": ${result.total.toLocaleString('en')} matches, median`, ms, 'ms')
    }
    figure(`full-text search over the scope's ${expected.toLocaleString('en')} events, slowest query's median`, slowest, 'ms', below(50))
    store.close()
  } finally {
    await rm(scopeDir, { recursive: true, force: true })
  }
}

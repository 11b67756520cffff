// Core's answer to the Sites table (core/query, behind sites:query) at 5 x 10,000 sites of the
// reference server's seeded generator (names in creation order, not sorted), read from
// SqliteWorkspaceStore on disk as the app reads them: a search typed letter by letter with
// Backspace (per keystroke, median and p95), the first page at open with a cold index, the
// facet counts, and the index's memory. The baseline, measured in the same run over the same
// sites: SQLite answering each keystroke itself from a search column (instr on a lower-cased
// key per word, the first 100 rows by name and the total).
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { EMPTY_FILTER, type SiteFilter, type SitesQuery, type SiteSort } from '../src/shared'
import { SitesQueryEngine, searchKeyOf, searchWords, type QueryAccount } from '../src/core/query'
import { SqliteWorkspaceStore } from '../src/core/store/sqlite-workspace-store'
import { generateState } from '../src/reference-server/seed/generate'
import { siteToWire, tagToWire } from '../src/reference-server/wire'
import { below, figure, heading, heapMiB, line, percentile, timesMs } from './measure'

const ACCOUNTS = 5
const SITES_EACH = 10_000
const WINDOW = 100
/** Times the keystroke sequence is typed (each keystroke's figure is the median of its runs). */
const RUNS = 5
const BY_NAME: SiteSort[] = [{ key: 'name', direction: 'asc' }]
/** What a person types, one entry per keystroke: words typed, taken back, a second word, an address. */
const KEYSTROKES = typed(['b', 'ba', 'bak', 'bake', 'baker', 'bakery', 'bakery ', 'bakery 3', 'bakery ', 'bakery', 'baker', 'bake', 'bak', 'ba', 'b', ''], 'nginx/1.2', 'ngi', 'meadow', 'mead', 'meadow bike', '', 'https://shop', '', '8.3', '8.', '8.2')

/** CPU time of the whole process since `since` (process.cpuUsage), in ms. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

/** The keystrokes from a start: each word typed letter by letter from what is there, or Backspaced back to it. */
function typed(start: string[], ...targets: string[]): string[] {
  const steps = [...start]
  let text = steps.at(-1) ?? ''
  for (const target of targets) {
    while (!target.startsWith(text)) steps.push((text = text.slice(0, -1)))
    while (text !== target) steps.push((text = target.slice(0, text.length + 1)))
  }
  return steps
}

const ids = Array.from({ length: ACCOUNTS }, (_, a) => `00000000-0000-4000-8000-${String(a + 1).padStart(12, '0')}`)
heading(`Sites query in core: ${ACCOUNTS} x ${SITES_EACH.toLocaleString('en')} sites (SqliteWorkspaceStore on disk)`)
console.log(`load average at start: ${loadavg().map((load) => load.toFixed(2)).join(', ')} (${availableParallelism()} cores)`)

const dataDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-query-'))
try {
  let store = SqliteWorkspaceStore.open({ dataDir })
  ids.forEach((accountId, a) => {
    const generated = generateState({ seed: `bench-${a}`, tokens: ['bench'], size: { sites: SITES_EACH, tags: 8, events: 0 }, anchor: new Date() })
    const account = generated.accounts[0]!
    store.replaceSnapshot(accountId, { sites: account.sites.map((site) => siteToWire(site, account)), tags: account.tags.map(tagToWire), syncedAt: new Date().toISOString() })
  })
  // Reopened, as the app finds it at start: nothing parsed or cached in JS.
  store.close()
  store = SqliteWorkspaceStore.open({ dataDir })
  const open = store
  const accountsOf = (scope: readonly string[]): QueryAccount[] =>
    scope.map((accountId, a) => ({ accountId, label: `Account ${a + 1}`, sites: open.sites(accountId), tags: open.tags(accountId), revision: open.revision(accountId) }))
  const query = (scope: readonly string[], filter: Partial<SiteFilter> = {}, extra: Partial<SitesQuery> = {}): SitesQuery => ({
    scope,
    filter: { ...EMPTY_FILTER, ...filter },
    sort: BY_NAME,
    offset: 0,
    limit: WINDOW,
    ...extra,
  })

  const heapBefore = heapMiB()
  let started = performance.now()
  for (const accountId of ids) store.sites(accountId)
  line(`reading the ${ACCOUNTS} accounts' lists from the store (JSON parse, once per write)`, performance.now() - started, 'ms')
  const heapLists = heapMiB()

  const engine = new SitesQueryEngine()
  started = performance.now()
  engine.query(accountsOf(ids.slice(0, 1)), query(ids.slice(0, 1)))
  line(`first page at open, one account of ${SITES_EACH.toLocaleString('en')} (cold: order by name)`, performance.now() - started, 'ms')
  started = performance.now()
  const first = engine.query(accountsOf(ids), query(ids))
  const coldOpen = performance.now() - started
  if (first.scopeTotal !== ACCOUNTS * SITES_EACH || first.rows.length !== WINDOW) throw new Error(`the first page had ${first.rows.length} of ${first.scopeTotal}`)
  line(`first page at open, all ${ACCOUNTS} accounts (cold: order by name of ${first.scopeTotal.toLocaleString('en')} rows)`, coldOpen, 'ms')
  const warmOpen = percentile(await timesMs(15, () => engine.query(accountsOf(ids), query(ids))), 0.5)
  line(`the same first page again (order kept), median`, warmOpen, 'ms', 2)
  started = performance.now()
  engine.query(accountsOf(ids), query(ids, {}, { offset: 30_000 }))
  line(`a page scrolled to row 30,000`, performance.now() - started, 'ms', 2)

  started = performance.now()
  engine.query(accountsOf(ids), query(ids, { search: 'q' }))
  line(`first search (every site's search key built)`, performance.now() - started, 'ms')

  // The machine may be shared: the whole sequence is typed RUNS times, each time into a new
  // engine (whose first page is asked first, as a window's is), and each keystroke's figure is
  // the median of its runs.
  const runs = KEYSTROKES.map(() => [] as number[])
  const cpuRuns = KEYSTROKES.map(() => [] as number[])
  for (let run = 0; run < RUNS; run++) {
    // Every run starts alike: the window's first page, then one search before the sequence.
    const typing = run === 0 ? engine : new SitesQueryEngine()
    typing.query(accountsOf(ids), query(ids))
    typing.query(accountsOf(ids), query(ids, { search: 'q' }))
    KEYSTROKES.forEach((search, at) => {
      const start = performance.now()
      const cpu = process.cpuUsage()
      typing.query(accountsOf(ids), query(ids, { search }))
      runs[at]!.push(performance.now() - start)
      cpuRuns[at]!.push(cpuMs(cpu))
    })
  }
  const keystrokes = runs.map((times) => percentile(times, 0.5))
  if (process.env.BENCH_VERBOSE) KEYSTROKES.forEach((search, at) => console.log(`  ${JSON.stringify(search).padEnd(16)} ${keystrokes[at]!.toFixed(2)} ms`))
  figure(`keystroke at ${first.scopeTotal.toLocaleString('en')} sites (${keystrokes.length} typed and Backspaced, ${RUNS} runs), median`, percentile(keystrokes, 0.5), 'ms', below(2), 2)
  figure(`… p95`, percentile(keystrokes, 0.95), 'ms', below(5), 2)
  line(`… slowest`, Math.max(...keystrokes), 'ms', 2)
  // Wall time above includes waiting for a core on a busy machine; the process's own CPU time
  // (every thread, the collector's too) is what the work costs when core has a core to itself.
  const keystrokeCpu = cpuRuns.map((times) => percentile(times, 0.5))
  line(`… the same keystrokes in CPU time of the process, median`, percentile(keystrokeCpu, 0.5), 'ms', 2)
  line(`… p95`, percentile(keystrokeCpu, 0.95), 'ms', 2)

  started = performance.now()
  engine.query(accountsOf(ids), query(ids, {}, { facets: true }))
  line(`facets, first time (filter columns built)`, performance.now() - started, 'ms')
  const tag = first.rows.find((row) => row.site.tags.length > 0)!
  const tagKey = `${tag.accountId}:${tag.site.tags[0]!.id}`
  const facetFilters: Partial<SiteFilter>[] = [{ search: 'bakery' }, { php: ['8.2.18'] }, { tags: [tagKey], hasUpdates: true }, { search: 'shop', status: ['Ok'] }]
  let round = 0
  // Each differs from the one before, so each is counted afresh.
  const facetTimes = await timesMs(16, () => engine.query(accountsOf(ids), query(ids, facetFilters[round++ % facetFilters.length], { facets: true })))
  line(`facets of a changed filter (search, PHP, tag + updates, search + status), median`, percentile(facetTimes, 0.5), 'ms', 2)
  for (const sort of [[{ key: 'php', direction: 'desc' }], [{ key: 'account', direction: 'asc' }, { key: 'updates', direction: 'desc' }]] as SiteSort[][]) {
    started = performance.now()
    engine.query(accountsOf(ids), query(ids, {}, { sort }))
    line(`another sort, first time (${sort.map((s) => `${s.key} ${s.direction}`).join(', ')})`, performance.now() - started, 'ms')
  }
  const heapAfter = heapMiB()
  line(`heap of the parsed lists`, heapLists - heapBefore, 'MiB')
  line(`heap of the index (keys, columns, ranks, orders, remembered answers)`, heapAfter - heapLists, 'MiB')

  // ---- the baseline: SQLite answers each keystroke from a search column ----
  const db = new Database(join(dataDir, 'search-baseline.sqlite'))
  db.exec('CREATE TABLE site_search (account_id TEXT NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (account_id, id))')
  db.exec('CREATE INDEX site_search_name ON site_search (name COLLATE NOCASE, account_id, id)')
  const insert = db.prepare('INSERT INTO site_search (account_id, id, name, key) VALUES (?, ?, ?, ?)')
  db.transaction(() => {
    for (const accountId of ids) for (const site of store.sites(accountId)) insert.run(accountId, site.id, site.name, searchKeyOf(site))
  })()
  const statements = new Map<number, { page: Database.Statement; count: Database.Statement }>()
  const sqlFor = (words: number) => {
    let found = statements.get(words)
    if (!found) {
      const where = words === 0 ? '' : `WHERE ${Array.from({ length: words }, () => 'instr(key, ?) > 0').join(' AND ')}`
      found = {
        page: db.prepare(`SELECT account_id, id FROM site_search ${where} ORDER BY name COLLATE NOCASE, account_id, id LIMIT ${WINDOW}`),
        count: db.prepare(`SELECT count(*) FROM site_search ${where}`).pluck(),
      }
      statements.set(words, found)
    }
    return found
  }
  const baselineRuns = KEYSTROKES.map(() => [] as number[])
  const baselineCpu = KEYSTROKES.map(() => [] as number[])
  for (let run = 0; run < RUNS; run++) {
    KEYSTROKES.forEach((search, at) => {
      const words = searchWords(search)
      const start = performance.now()
      const cpu = process.cpuUsage()
      const { page, count } = sqlFor(words.length)
      page.all(...words)
      count.get(...words)
      baselineRuns[at]!.push(performance.now() - start)
      baselineCpu[at]!.push(cpuMs(cpu))
    })
  }
  const baseline = baselineRuns.map((times) => percentile(times, 0.5))
  line(`baseline, SQLite search column (instr per word, first ${WINDOW} by name + total; ${RUNS} runs), median`, percentile(baseline, 0.5), 'ms', 2)
  line(`… p95`, percentile(baseline, 0.95), 'ms', 2)
  const baselineCpuMedians = baselineCpu.map((times) => percentile(times, 0.5))
  line(`… in CPU time of the process, median`, percentile(baselineCpuMedians, 0.5), 'ms', 2)
  line(`… p95`, percentile(baselineCpuMedians, 0.95), 'ms', 2)
  db.close()
  store.close()
} finally {
  await rm(dataDir, { recursive: true, force: true })
}

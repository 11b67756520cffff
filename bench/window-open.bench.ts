// Opening the window, measured where a person meets it: Debian's Chromium (Playwright, with the
// e2e tests' flags) against the built web shell (out/web + out/renderer, copied first so a
// build elsewhere cannot change them mid-run), over a store the shell filled itself.
//
// Per case (500 sites in one account, 10,000 in one, 5 accounts of 10,000 in the All accounts
// scope): reference servers in processes of their own (seeded generator data, not sorted; no
// added latency) are added as accounts through window.api and synced; then the servers stop
// and the shell starts again over the same data folder, so the app must open from its local
// store (its sync at start fails at once). Then, in 5 (BENCH_RUNS) cold browser contexts each:
//
// - first site rows visible and the whole list searchable (the host of the last site of the last
//   account typed into the search box as soon as there is one, and its row shown), on the page's own
//   clock from navigation start (the `?token=` address the shell prints, at `#/sites`) to the
//   paint of the frame showing the first row (Element Timing; support/page-probe.ts), and to the
//   first task after the frame after the searched row came;
// - search keystrokes right after that (the first search after opening included): keydown to
//   the table's body changed, over the keystrokes that changed it;
// - bytes of the WebSocket frames the page received (Chromium's DevTools protocol) to open
//   (until the socket is quiet) and per keystroke; the page's JS heap after a forced GC;
// - beside each open, the browser's own part: the first paint of the page the shell served with
//   its scripts taken out (the kept screen alone) and of a one-line page (support/paint-floor.ts).
// And once per case: the shell's RSS (/proc). For the 5-account case, the servers start again
// (300 ms per request, so a sync outlasts the typing) and a sync of every account runs while keystrokes are
// timed; then 10 sites change on one server (5 deleted, 5 created) and the bytes the page
// receives for that account's sync are counted.
//
// Runs in a private keyring session (bench/run.ts uses scripts/lib/with-keyring.sh).
//   BENCH_RUNS=7         cold contexts per case (at least 5 for the figures' medians)
//   BENCH_CASES=500,10k  only these cases (500, 10k, 5x10k)
//   BENCH_VERBOSE=1      every run's figures and every keystroke
//   BENCH_FRAMES=1       the bridge's frames (channel, bytes, ms) of each case's first open and of its 10-site sync
//   BENCH_FRAMES=2       the same with each push's first characters
//   BENCH_CORE_PROF=DIR  a V8 CPU profile of the reopened shell (core), written to DIR when it stops
//                        (bench/support/cpu-profile-hook.mjs; open it in DevTools' Performance panel)
//   BENCH_TIMELINE=1     each open's file timings (request>first byte>last byte) and long tasks, on the page's clock
//   BENCH_TRACE=DIR      Chromium performance traces of one more open per case and of its keystrokes
//                        (not counted), written to DIR/window-open-<case>.json and
//                        DIR/window-open-<case>-keystrokes.json (DevTools' Performance panel)
//   BENCH_CHROMIUM_ARGS  more Chromium switches, for diagnosis only: the figures are then not the app's
//                        as people meet it (e.g. "--disable-features=DeferRendererTasksAfterInput")
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { SNAPSHOT_ENV, snapshotBuiltApp } from '../test/e2e/support/app-snapshot'
import { startWebShell, type RunningWebShell } from '../test/e2e/support/web-shell'
import { below, figure, heading, line, notMeasured, percentile } from './measure'
import { missingForWebShellBench } from './support/built-app'
import { attachPageMeter, type FrameNote, type PageMeter } from './support/page-meter'
import { firstPaintCold, serveFloorPages, type FloorPages } from './support/paint-floor'
import { firstLiveRowShownAt, firstRowShownAt, pageProbe, type PageGlobals, type Probe } from './support/page-probe'
import {
  api,
  changeTenSites,
  lastSite,
  loadAverage,
  rssOf,
  seedWorkspace,
  sleep,
  startAccountServer,
  stopServers,
  SYNC_TIMEOUT_MS,
  totalRequests,
  waitForServersQuiet,
  type AccountServer,
  type SearchTarget,
  type Case,
} from './support/window-open-world'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--disable-sync',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  // Diagnosis only (a figure measured with them is not the app's): e.g. a Chromium feature switched off.
  ...(process.env.BENCH_CHROMIUM_ARGS?.split(/\s+/).filter(Boolean) ?? []),
]
/** The sites table's rows (tr.site-row), not its spacers or loading skeletons. */
const ROW = 'table tbody tr.site-row'
const SEARCH = 'input[type="search"]'
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5))
const VERBOSE = process.env.BENCH_VERBOSE === '1'
const TIMELINE = process.env.BENCH_TIMELINE === '1'
const TRACE_DIR = process.env.BENCH_TRACE
const FRAMES = process.env.BENCH_FRAMES === '1' || process.env.BENCH_FRAMES === '2'
const FRAME_HEADS = process.env.BENCH_FRAMES === '2'
const CORE_PROF_DIR = process.env.BENCH_CORE_PROF
/** DevTools' Performance panel's own categories, with the JS sampling profiler. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'netlog', 'toplevel']
const UI_TIMEOUT_MS = 30_000
/** The servers' latency once they start again for the sync steps: a sync of 10,000 sites then lasts seconds. */
const SYNC_LATENCY_MS = 300
const KB = 1024
const MiB = 1024 * 1024

const CASES: Case[] = [
  { id: '500', title: '500 sites, one account', accounts: 1, sitesEach: 500, allScope: false, syncSteps: false },
  { id: '10k', title: '10,000 sites, one account', accounts: 1, sitesEach: 10_000, allScope: false, syncSteps: false },
  { id: '5x10k', title: '5 x 10,000 sites, All accounts scope', accounts: 5, sitesEach: 10_000, allScope: true, syncSteps: true },
]

/** Waits until the page received no WebSocket frame for `stillMs` (at most `maxMs`). */
async function waitForSocketQuiet(meter: PageMeter, stillMs: number, maxMs: number): Promise<void> {
  const start = performance.now()
  while (performance.now() - meter.lastFrameAt() < stillMs && performance.now() - start < maxMs) await sleep(50)
}

interface Opened {
  context: BrowserContext
  page: Page
  meter: PageMeter
  probe: Probe
  domContentLoadedMs: number
  loadMs: number
  /**
   * Bytes core's data took to the page from navigation until the socket was quiet after the
   * list became searchable: the socket's frames and the document (the web shell writes its
   * primed answers into it; the rest of it is a few hundred bytes).
   */
  openBytes: number
}

/** A cold context (no cache, no cookie) and a page on the shell's printed address, probed from its first script on. */
async function openCold(browser: Browser, shell: RunningWebShell, target: SearchTarget, tracePath: string | null = null): Promise<Opened> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const meter = await attachPageMeter(page)
  await page.addInitScript(pageProbe, { row: ROW, search: SEARCH, target: target.name, query: target.host })
  if (TIMELINE) await page.addInitScript(longTaskNotes)
  if (tracePath !== null) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES })
  // The Sites view's address (the app itself opens on the Overview), as a bookmark would hold it.
  await page.goto(`${shell.url}#/sites`)
  await page
    .waitForFunction(() => (globalThis as unknown as PageGlobals).__probe?.searchableFrameAt != null, null, { timeout: UI_TIMEOUT_MS })
    .catch(() => undefined)
  if (tracePath !== null) await browser.stopTracing()
  // Core may take over a second between two big frames: 2 s of silence before counting.
  await waitForSocketQuiet(meter, 2000, 20_000)
  const probe = await page.evaluate(() => (globalThis as unknown as PageGlobals).__probe!)
  const timing = await page.evaluate(() => {
    const browserPerformance = performance as unknown as { getEntriesByType(type: string): { domContentLoadedEventEnd: number; loadEventEnd: number }[] }
    const entry = browserPerformance.getEntriesByType('navigation')[0]
    return { domContentLoadedMs: entry?.domContentLoadedEventEnd ?? Number.NaN, loadMs: entry?.loadEventEnd ?? Number.NaN }
  })
  if (TIMELINE) console.log(await page.evaluate(timelineText))
  return { context, page, meter, probe, ...timing, openBytes: meter.receivedBytes() + meter.documentBytes() }
}

interface Keystrokes {
  /** keydown to table changed, over the keystrokes that changed it. */
  changed: number[]
  total: number
}

/** Clears the search, then types three words letter by letter and deletes them again. */
async function typeKeystrokes(page: Page, target: SearchTarget): Promise<Keystrokes> {
  const box = page.locator(SEARCH)
  await box.fill('')
  await page.waitForTimeout(300)
  await page.evaluate(() => (globalThis as unknown as PageGlobals).__probe!.keystrokes.splice(0))
  await box.focus()
  for (const word of ['bakery', 'hotel', target.name.split(' ')[0]!.toLowerCase()]) {
    for (const key of [...word, ...Array.from(word, () => 'Backspace')]) {
      await page.keyboard.press(key)
      await page.waitForTimeout(120)
    }
  }
  await page.waitForTimeout(500)
  const strokes = await page.evaluate(() => (globalThis as unknown as PageGlobals).__probe!.keystrokes.splice(0))
  if (VERBOSE) console.log(`    keystrokes (key: ms to table changed): ${strokes.map((s) => `${s.key}:${s.domMs?.toFixed(1) ?? '-'}`).join(' ')}`)
  return { changed: strokes.map((s) => s.domMs).filter((ms): ms is number => ms !== null), total: strokes.length }
}

const median = (values: number[]) => percentile(values, 0.5)

/** The frames of one step, one line each (BENCH_FRAMES=1). */
function printFrames(title: string, frames: FrameNote[]): void {
  console.log(`    frames of ${title}:`)
  for (const f of frames) {
    const head = FRAME_HEADS && f.what.startsWith('push') ? `  ${f.head}` : ''
    console.log(`      ${f.atMs?.toFixed(0).padStart(6) ?? '     -'} ms ${f.dir === 'out' ? '->' : '<-'} ${f.what} ${(f.bytes / KB).toFixed(1)} KB${head}`)
  }
}

/** Prints a figure, or why it was not measured when there is nothing to print. */
function figureOr(label: string, values: number[], unit: string, target: ReturnType<typeof below>, why: string, scale = 1, p = 0.5): void {
  if (values.length === 0) notMeasured(label, why)
  else figure(label, percentile(values, p) / scale, unit, target)
}

async function measureCase(browser: Browser, c: Case): Promise<void> {
  heading(`Window open: ${c.title}`)
  const labels = {
    firstRows: `${c.id}: first site rows visible, median of ${RUNS} cold opens`,
    searchable: `${c.id}: whole list searchable (last site found), median`,
    keystroke: `${c.id}: search keystroke to table updated, median`,
    keystrokeP95: `${c.id}: … p95`,
    openBytes: `${c.id}: bytes received to open (socket and primed page), median`,
    keyBytes: `${c.id}: WebSocket bytes received per keystroke`,
    heap: `${c.id}: page JS heap after GC, median`,
    rss: `${c.id}: web shell (core) RSS after the opens`,
    syncKeystroke: `${c.id}: keystroke to table updated during a sync of every account, median`,
    syncKeystrokeP95: `${c.id}: … p95`,
    syncBytes: `${c.id}: WebSocket bytes received for a sync that changes 10 sites`,
  }
  const printed = new Set<string>()
  const notMeasuredRest = (why: string) => {
    for (const [key, label] of Object.entries(labels)) {
      if (printed.has(label)) continue
      if (!c.syncSteps && key.startsWith('sync')) continue
      notMeasured(label, why)
    }
  }
  const print = (label: string, fn: () => void) => {
    fn()
    printed.add(label)
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-open-'))
  const servers: AccountServer[] = Array.from({ length: c.accounts }, (_, i) => ({
    seed: `bench-open-${i + 1}`,
    dataFile: join(dataDir, `server-${i + 1}.json`),
    port: 0,
    baseUrl: '',
    token: '',
    process: null,
  }))
  let shell: RunningWebShell | null = null
  try {
    // 1. The accounts, synced from their servers into the shell's store.
    await Promise.all(servers.map((server) => startAccountServer(server, c.sitesEach, 0, false)))
    const target = await lastSite(servers.at(-1)!, c.sitesEach)
    const workspace = join(dataDir, 'app')
    await seedWorkspace(browser, c, workspace, servers)
    await stopServers(servers)

    // 2. Reopen with every server stopped: a new shell over the same data folder.
    shell = await startWebShell({ dataDir: workspace, ...(CORE_PROF_DIR ? { env: { NODE_OPTIONS: `--import ${join(ROOT, 'bench/support/cpu-profile-hook.mjs')}`, SITE_MANAGER_CPU_PROFILE_DIR: CORE_PROF_DIR } } : {}) })
    const first: number[] = []
    const firstLive: number[] = []
    const rowsGone: number[] = []
    const searchable: number[] = []
    const keystrokes: number[] = []
    let keystrokeTotal = 0
    const openBytes: number[] = []
    const bytesPerKey: number[] = []
    const heaps: number[] = []
    const dcl: number[] = []
    const firstCall: number[] = []
    const fileBytes: number[] = []
    // The first open after the shell starts is what a person meets on launching the app: core cold.
    let coldOpen: { firstRows: number | null; liveRows: number | null; searchable: number | null; dcl: number } | null = null
    // The browser's own part (support/paint-floor.ts): after each open, the kept screen alone and a one-line page.
    const pictureFloor: number[] = []
    const oneLineFloor: number[] = []
    let floor: FloorPages | null = null
    const fromShell = async (path: string) => Buffer.from(await (await fetch(`${shell!.origin}${path}?token=${shell!.token}`)).arrayBuffer())
    for (let run = 0; run < RUNS; run++) {
      const opened = await openCold(browser, shell, target)
      try {
        const { probe, meter, page } = opened
        const firstShown = firstRowShownAt(probe)
        const liveShown = firstLiveRowShownAt(probe)
        if (firstShown !== null) first.push(firstShown)
        if (liveShown !== null) firstLive.push(liveShown)
        rowsGone.push(probe.rowsGoneMs)
        if (probe.searchableFrameAt !== null) searchable.push(probe.searchableFrameAt)
        dcl.push(opened.domContentLoadedMs)
        if (run === 0) coldOpen = { firstRows: firstShown, liveRows: liveShown, searchable: probe.searchableFrameAt, dcl: opened.domContentLoadedMs }
        openBytes.push(opened.openBytes)
        fileBytes.push(meter.fileBytes())
        const sentAt = meter.firstFrameSentMs()
        if (sentAt !== null) firstCall.push(sentAt)
        if (FRAMES && run === 0) printFrames('the first open', meter.frameLog())
        if (VERBOSE) {
          console.log(
            `    run ${run + 1}: first rows ${firstShown?.toFixed(0) ?? '-'} ms${firstShown === probe.firstRowPaintAt ? '' : firstShown === probe.firstContentfulPaintAt ? ' (first contentful paint)' : ' (no paint entry)'}, the app's own ${liveShown?.toFixed(0) ?? '-'} ms${probe.firstLiveRowPaintAt === null ? ' (no paint entry)' : ''} (no rows for ${probe.rowsGoneMs.toFixed(0)} ms between), searchable ${probe.searchableFrameAt?.toFixed(0) ?? '-'} ms, DOMContentLoaded ${opened.domContentLoadedMs.toFixed(0)} ms, ` +
              `socket handshake ${meter.socketHandshakeMs()?.toFixed(0) ?? '-'} ms, first call ${sentAt?.toFixed(0) ?? '-'} ms, ${(opened.openBytes / KB).toFixed(1)} KB in ${meter.framesReceived()} frames`,
          )
        }
        if (probe.searchableFrameAt === null) continue
        meter.reset()
        const typed = await typeKeystrokes(page, target)
        if (FRAMES && run === 0) printFrames('the keystrokes', meter.frameLog())
        keystrokes.push(...typed.changed)
        keystrokeTotal += typed.total
        if (typed.total > 0) bytesPerKey.push(meter.receivedBytes() / typed.total)
        await page.locator(SEARCH).fill('')
        await page.waitForTimeout(300)
        heaps.push(await meter.heapUsedAfterGc())
      } finally {
        await opened.context.close()
      }
      // Once, after the first open: the page as the shell serves it then, its picture that of the view that open left.
      floor ??= await serveFloorPages((await fromShell('/')).toString('utf8'), fromShell)
      const picturePaint = await firstPaintCold(browser, floor.pictureUrl)
      const oneLinePaint = await firstPaintCold(browser, floor.oneLineUrl)
      if (picturePaint !== null) pictureFloor.push(picturePaint)
      if (oneLinePaint !== null) oneLineFloor.push(oneLinePaint)
      if (VERBOSE) console.log(`    the same run's pages without scripts: the kept screen alone painted at ${picturePaint?.toFixed(0) ?? '-'} ms, a one-line page at ${oneLinePaint?.toFixed(0) ?? '-'} ms`)
    }
    await floor?.close()
    if (TRACE_DIR) {
      // One more open, traced and not counted (tracing slows the page down).
      const traced = await openCold(browser, shell, target, join(TRACE_DIR, `window-open-${c.id}.json`))
      // And of its keystrokes, apart.
      const keysPath = join(TRACE_DIR, `window-open-${c.id}-keystrokes.json`)
      await browser.startTracing(traced.page, { path: keysPath, categories: TRACE_CATEGORIES })
      await typeKeystrokes(traced.page, target)
      await browser.stopTracing()
      await traced.context.close()
      console.log(`  traces of one more open and its keystrokes: ${join(TRACE_DIR, `window-open-${c.id}.json`)}, ${keysPath}`)
    }
    const noRows = `no row matching "${ROW}" appeared within ${UI_TIMEOUT_MS / 1000} s`
    print(labels.firstRows, () => figureOr(labels.firstRows, first, 'ms', below(300), noRows))
    // The first rows may be the web shell's kept screen (web/kept-screen.ts), a picture painted before the app runs.
    // What the browser alone takes for pages that run nothing (support/paint-floor.ts): the first is the same picture with no app.
    if (pictureFloor.length > 0) line(`  the kept screen alone (the served page without its scripts), first paint, median`, median(pictureFloor), 'ms', 0)
    if (oneLineFloor.length > 0) line(`  a page of one line of text, first paint, median`, median(oneLineFloor), 'ms', 0)
    if (firstLive.length > 0) line(`  the app's own first rows (interactive), median`, median(firstLive), 'ms', 0)
    if (rowsGone.length > 0) line(`  no rows on screen between the kept screen and the app's own, longest`, Math.max(...rowsGone), 'ms', 0)
    print(labels.searchable, () => figureOr(labels.searchable, searchable, 'ms', below(300), `searching "${target.host}" showed no row of "${target.name}" within ${UI_TIMEOUT_MS / 1000} s`))
    if (dcl.length > 0) line(`  DOMContentLoaded, median`, median(dcl), 'ms', 0)
    if (coldOpen) {
      // In the medians too; apart here because it is the open that waits for a cold core.
      const { firstRows, liveRows, searchable: found, dcl: loaded } = coldOpen
      console.log(
        `  the first open after the shell starts (core cold): first rows ${firstRows?.toFixed(0) ?? '-'} ms, the app's own ${liveRows?.toFixed(0) ?? '-'} ms, searchable ${found?.toFixed(0) ?? '-'} ms, DOMContentLoaded ${loaded.toFixed(0)} ms (no target of its own)`,
      )
    }
    if (firstCall.length > 0) line(`  the bridge's first frame sent, from the document's request, median`, median(firstCall), 'ms', 0)
    const noKeys = keystrokeTotal === 0 ? 'the list never became searchable' : `none of ${keystrokeTotal} keystrokes changed the table`
    print(labels.keystroke, () => figureOr(`${labels.keystroke} (${keystrokes.length} of ${keystrokeTotal} changed it)`, keystrokes, 'ms', below(8), noKeys))
    print(labels.keystrokeP95, () => figureOr(labels.keystrokeP95, keystrokes, 'ms', below(16), noKeys, 1, 0.95))
    print(labels.openBytes, () => figureOr(labels.openBytes, openBytes, 'KB', below(100), 'no page opened', KB))
    line(`  the page's files (document, scripts, styles), median`, median(fileBytes) / KB, 'KB')
    print(labels.keyBytes, () => figureOr(labels.keyBytes, bytesPerKey, 'KB', below(100), noKeys, KB))
    print(labels.heap, () => figureOr(labels.heap, heaps, 'MiB', below(40), 'no page became searchable', MiB))
    const rss = rssOf(shell.pid)
    print(labels.rss, () => (rss ? line(`${labels.rss} (peak ${rss.peak.toFixed(0)} MiB)`, rss.rss, 'MiB', 0) : notMeasured(labels.rss, 'no /proc here')))

    // 3. The sync steps: the servers back (with latency, so a sync lasts), a sync of every
    // account while keystrokes are timed, then a sync that changes 10 sites.
    if (c.syncSteps) {
      await Promise.all(servers.map((server) => startAccountServer(server, c.sitesEach, SYNC_LATENCY_MS, true)))
      const opened = await openCold(browser, shell, target)
      try {
        const { page, meter, probe } = opened
        if (probe.searchableFrameAt === null) throw new Error('the list never became searchable with the servers back')
        const accounts = (await api<{ accounts: { id: string }[] }>(page, 'accountsList')).accounts.map((account) => account.id)
        const before = await totalRequests(servers)
        await page.evaluate((ids) => {
          const bridge = (globalThis as unknown as { api: { syncNow(input: { accountId: string }): Promise<unknown> } }).api
          for (const accountId of ids) void bridge.syncNow({ accountId })
        }, accounts)
        const typed = await typeKeystrokes(page, target)
        const during = (await totalRequests(servers)) - before
        const quiet = await waitForServersQuiet(servers, 2000, SYNC_TIMEOUT_MS)
        const after = (await totalRequests(servers)) - before - during
        console.log(`  server requests while typing: ${during}, after it: ${after} (the sync outlasted the typing when both are over 0)`)
        const why = during === 0 ? 'no sync ran while typing' : `none of ${typed.total} keystrokes changed the table`
        const valid = during > 0 ? typed.changed : []
        print(labels.syncKeystroke, () => figureOr(`${labels.syncKeystroke} (${valid.length} of ${typed.total})`, valid, 'ms', below(8), why))
        print(labels.syncKeystrokeP95, () => figureOr(labels.syncKeystrokeP95, valid, 'ms', below(16), why, 1, 0.95))
        if (quiet === null) throw new Error('core kept syncing past the wait')

        await changeTenSites(servers[0]!)
        await waitForSocketQuiet(meter, 1000, 15_000)
        meter.reset()
        await api(page, 'syncNow', { accountId: accounts[0] })
        await waitForServersQuiet(servers, 1000, SYNC_TIMEOUT_MS)
        await waitForSocketQuiet(meter, 1000, 15_000)
        if (FRAMES) printFrames('the sync that changes 10 sites', meter.frameLog())
        print(labels.syncBytes, () => figure(`${labels.syncBytes} (${meter.framesReceived()} frames)`, meter.receivedBytes() / KB, 'KB', below(100)))
      } finally {
        await opened.context.close()
      }
    }
  } catch (error) {
    notMeasuredRest(`the run failed: ${(error as Error).message.split('\n')[0]}`)
  } finally {
    await shell?.stop()
    await stopServers(servers)
    await rm(dataDir, { recursive: true, force: true })
  }
}

heading('Window open in the web shell (Chromium), reopened from the store with the API servers stopped')
console.log(`load average at start: ${loadAverage()}`)
const chosen = CASES.filter((c) => !process.env.BENCH_CASES || process.env.BENCH_CASES.split(',').includes(c.id))
const missing = missingForWebShellBench(ROOT, CHROMIUM)
if (missing.length > 0) {
  for (const c of chosen) notMeasured(`${c.id}: every figure`, 'this run lacks what it needs, below')
  for (const reason of missing) console.log(`  missing: ${reason}`)
} else {
  if (RUNS < 5) console.log(`  note: BENCH_RUNS=${RUNS}: the figures' medians want at least 5`)
  const { chromium } = await import('@playwright/test')
  const snapshot = snapshotBuiltApp(ROOT)
  process.env[SNAPSHOT_ENV] = snapshot.dir
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    for (const c of chosen) await measureCase(browser, c)
  } finally {
    await browser.close()
    snapshot.remove()
  }
}
console.log(`\nload average at end: ${loadAverage()}`)

/** BENCH_TIMELINE: notes the page's long tasks from its first script on (run in the page). */
function longTaskNotes(): void {
  const w = globalThis as unknown as { __longTasks: { start: number; ms: number }[]; PerformanceObserver: new (cb: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => { observe(o: object): void } }
  w.__longTasks = []
  new w.PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, ms: e.duration })
  }).observe({ type: 'longtask', buffered: true })
}

/** BENCH_TIMELINE: the page's files (request, first byte, last byte) and long tasks, one line (run in the page). */
function timelineText(): string {
  const p = performance as unknown as { getEntriesByType(t: string): { name: string; startTime: number; responseStart: number; responseEnd: number; duration: number }[] }
  const files = p
    .getEntriesByType('resource')
    .filter((r) => !r.name.includes('/downloads/'))
    .map((r) => `${r.name.split('/').pop()!.split('?')[0]!.slice(0, 14)} ${r.startTime.toFixed(0)}>${r.responseStart.toFixed(0)}>${r.responseEnd.toFixed(0)}`)
  const nav = p.getEntriesByType('navigation')[0] as unknown as { responseStart: number; responseEnd: number; domInteractive: number }
  const tasks = (globalThis as unknown as { __longTasks: { start: number; ms: number }[] }).__longTasks.map((t) => `${t.start.toFixed(0)}+${t.ms.toFixed(0)}`)
  return `    timeline: document ${nav.responseStart.toFixed(0)}>${nav.responseEnd.toFixed(0)}, interactive ${nav.domInteractive.toFixed(0)}; ${files.join(', ')}; long tasks ${tasks.join(' ')}`
}

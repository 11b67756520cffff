// Client reports at scale: 500 sites and a year of events (200,000, replayed extension activity
// with the reference server's own texts, at random times, inserted in shuffled order, so the
// store is not handed them sorted), and a year of weekly syncs (history of pending updates and
// versions), in SqliteWorkspaceStore on disk. Times the report model (core/report, behind
// report:build) for one client's tag over last month and for every site over the whole year;
// the app's report document (components/reports, built with Vite) mounted in Chromium from
// those reports, to the frame after it is drawn; and the PDF Chromium prints of it (page.pdf,
// the print stylesheet), its size and pages. Health is off here (no checks ran): its section
// says so, and costs nothing.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import vue from '@vitejs/plugin-vue'
import { build } from 'vite'
import { chromium } from '@playwright/test'
import { buildReport } from '../src/core/report/build-report'
import type { ReportSources } from '../src/core/report/report-sources'
import { SqliteWorkspaceStore } from '../src/core/store/sqlite-workspace-store'
import { advanceExtensions } from '../src/reference-server/extension-activity'
import { SeededRandom } from '../src/reference-server/random'
import { generateState } from '../src/reference-server/seed/generate'
import { siteToWire } from '../src/reference-server/wire'
import { EMPTY_FILTER, type Site, type SiteEvent } from '../src/shared'
import { REPORT_SECTIONS, type Report, type ReportRequest, type ReportTemplate } from '../src/shared/report'
import { below, figure, heading, line, medianMs, notMeasured } from './measure'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SITES = 500
const EVENTS = 200_000
const DAY_MS = 86_400_000
const ACCOUNT = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-quic', '--disable-sync', '--no-first-run', '--disable-background-networking', '--disable-component-update']

heading(`Client reports: ${SITES} sites, ${EVENTS.toLocaleString('en')} events over a year, weekly syncs`)
line('load average at start (1 min)', loadavg()[0]!, '')

const dataDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-report-'))
const pageDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-report-page-'))
const store = SqliteWorkspaceStore.open({ dataDir })
try {
  const now = Date.now()
  const generated = generateState({ seed: 'bench', tokens: ['bench'], size: { sites: SITES, tags: 12, events: 0 }, anchor: new Date(now) })
  const account = generated.accounts[0]!
  const random = new SeededRandom('report-bench', 'events')

  // A year of weekly syncs: pending updates move up and down, PHP now and then moves on.
  let sites: Site[] = account.sites.map((site) => siteToWire(site, account))
  const yearAgo = now - 365 * DAY_MS
  const setupStarted = performance.now()
  for (let week = 0; week <= 52; week++) {
    sites = sites.map((site) => {
      const updates = Math.max(0, (site.updates_count ?? 0) + random.int(-2, 2))
      const php = random.chance(0.01) ? `8.${random.int(1, 4)}.${random.int(0, 20)}` : site.server.php
      return { ...site, updates_count: updates, server: { ...site.server, php } }
    })
    store.replaceSnapshot(ACCOUNT, { sites, tags: account.tags, syncedAt: new Date(yearAgo + week * 7 * DAY_MS).toISOString() })
  }

  // Busy sites and quiet ones: a site's share of the events grows with its weight.
  const weighted = account.sites.flatMap((site) => Array.from({ length: random.int(1, 6) }, () => site))
  const planned = Array.from({ length: EVENTS }, () => ({ site: random.pick(weighted), at: now - random.int(1, 365 * 24 * 60) * 60_000 })).sort((a, b) => a.at - b.at)
  const events: SiteEvent[] = planned.map(({ site, at }, i) => {
    const activity = advanceExtensions(site, random)
    return { id: i + 1, site_id: site.id, category: 'client', message: activity.message, type: activity.type, created_at: new Date(at).toISOString().replace('.000Z', '+00:00') }
  })
  // Stored in shuffled order, in the chunks a sync writes.
  for (let i = events.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    ;[events[i], events[j]] = [events[j]!, events[i]!]
  }
  for (let at = 0; at < events.length; at += 5_000) store.addEvents(ACCOUNT, events.slice(at, at + 5_000))
  store.setSyncMeta(ACCOUNT, { eventsBackfillPage: null })
  line('setting up the store (53 syncs of 500 sites, 200,000 events)', (performance.now() - setupStarted) / 1000, 's')

  const sources: ReportSources = {
    accounts: [{ accountId: ACCOUNT, label: 'Agency', createdAt: new Date(yearAgo - DAY_MS).toISOString(), sites: store.sites(ACCOUNT), tags: store.tags(ACCOUNT), revision: store.revision(ACCOUNT) }],
    workspace: store,
    health: () => null,
    nowMs: now,
  }
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const thisMonth = new Date(now)
  const monthStart = Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth(), 1)
  const lastMonthStart = Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - 1, 1)
  const tagged = (tagId: number) => sources.accounts[0]!.sites.filter((s) => s.tags.some((t) => t.id === tagId)).length
  const tag = [...account.tags].sort((a, b) => tagged(b.id) - tagged(a.id))[0]!
  const tagRequest = (from: number, to: number): ReportRequest => ({
    selection: { scope: [ACCOUNT], filter: { ...EMPTY_FILTER, tags: [`${ACCOUNT}:${tag.id}`] }, label: tag.name },
    period: { from: day(from), to: day(to), timeZone: 'UTC' },
    sections: REPORT_SECTIONS,
    notes: 'Monthly care.',
  })
  // Targets: a month for a client is what agencies make, and the preview follows each choice;
  // a year of every site is the far end, made now and then.
  const cases: { name: string; request: ReportRequest; computeTarget: number; renderTarget: number; runs: number; pdf: boolean }[] = [
    { name: `one tag (${tagged(tag.id)} sites), last month`, request: tagRequest(lastMonthStart, monthStart), computeTarget: 250, renderTarget: 500, runs: 3, pdf: true },
    { name: `one tag (${tagged(tag.id)} sites), the whole year`, request: tagRequest(yearAgo, now + DAY_MS), computeTarget: 1_000, renderTarget: 3_000, runs: 3, pdf: true },
    {
      name: `all ${SITES} sites, the whole year`,
      request: { selection: { scope: [ACCOUNT], filter: EMPTY_FILTER, label: 'Every client' }, period: { from: day(yearAgo), to: day(now + DAY_MS), timeZone: 'UTC' }, sections: REPORT_SECTIONS, notes: '' },
      computeTarget: 3_000,
      renderTarget: 10_000,
      runs: 1,
      pdf: process.env.BENCH_YEAR_PDF === '1',
    },
  ]

  const reports: { name: string; report: Report; renderTarget: number; runs: number; pdf: boolean }[] = []
  for (const c of cases) {
    let report: Report | undefined
    const ms = await medianMs(5, () => {
      report = buildReport(c.request, sources)
    })
    figure(`report:build, ${c.name} (${report!.updates.length.toLocaleString('en')} updates, ${report!.installs.length.toLocaleString('en')} installs), median of 5`, ms, 'ms', below(c.computeTarget))
    reports.push({ name: c.name, report: report!, renderTarget: c.renderTarget, runs: c.runs, pdf: c.pdf })
  }

  // The app's document, built as the renderer is (Vue SFC, the app's stylesheets), served on loopback.
  await build({ root: join(ROOT, 'bench/support/report-page'), base: './', logLevel: 'error', plugins: [vue()], build: { outDir: pageDir, emptyOutDir: true } })
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
  const server = createServer((request, response) => {
    const path = join(pageDir, (request.url ?? '/').split('?')[0] === '/' ? 'index.html' : (request.url ?? '').split('?')[0]!)
    readFile(path).then(
      (body) => response.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}/` : ''
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }).catch((error: unknown) => {
    notMeasured('preview render and PDF', `Chromium did not start: ${String(error)}`)
    return null
  })
  if (browser) {
    const template: ReportTemplate = { id: 'bench', name: 'Bench', agencyName: 'Northwind Web Care', logo: null, accent: '#0f5f4f', coverLine: 'Website care report', footer: 'Northwind Web Care · hello@northwind.test', showAppName: false }
    const render = async (report: Report, screen: boolean, runs: number, printIt: boolean) => {
      const times: number[] = []
      let pdfBytes = 0
      let pages = 0
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage()
        await page.goto(origin)
        times.push(
          await page.evaluate(({ r, t, s }) => (globalThis as unknown as { renderReport: (r: unknown, t: unknown, s: boolean) => Promise<number> }).renderReport(r, t, s), { r: report, t: template, s: screen }),
        )
        if (run === 0 && printIt) {
          await page.emulateMedia({ media: 'print' })
          const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
          pdfBytes = pdf.length
          const file = join(pageDir, 'report.pdf')
          await writeFile(file, pdf)
          pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1] ?? 0)
        }
        await page.close()
      }
      times.sort((a, b) => a - b)
      return { ms: times[Math.floor(runs / 2)]!, pdfBytes, pages }
    }
    for (const { name, report, renderTarget, runs, pdf: printIt } of reports) {
      // The preview: long tables show their first 100 rows on screen (the view says so).
      const preview = await render(report, true, 3, false)
      figure(`preview in the Reports view, ${name} (mount to drawn), median of 3`, preview.ms, 'ms', below(500))
      const printed = await render(report, false, runs, printIt)
      figure(`printed page (every row), ${name} (mount to drawn), median of ${runs}`, printed.ms, 'ms', below(renderTarget))
      if (printIt) line(`PDF of ${name}: size (${printed.pages} pages)`, printed.pdfBytes / 1024, 'KiB')
      else notMeasured(`PDF of ${name}`, 'thousands of pages take Chromium minutes to print; BENCH_YEAR_PDF=1 prints it')
    }
    await browser.close()
  }
  server.close()
} finally {
  store.close()
  await rm(dataDir, { recursive: true, force: true })
  await rm(pageDir, { recursive: true, force: true })
  line('load average at end (1 min)', loadavg()[0]!, '')
}

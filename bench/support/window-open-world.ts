// The window-open benchmark's world (bench/window-open.bench.ts): the account servers, each in a
// process of its own with its data in a file so it can start again on the same address, the
// workspace the shell fills from them through the page's window.api, and the machine's facts
// (load average, a process's memory) the figures are printed with.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from '@playwright/test'
import { startWebShell } from '../../test/e2e/support/web-shell'
import { line } from '../measure'
import { startServerProcess, type ServerProcess } from './server-process'

const PER_PAGE = 15
export const SYNC_TIMEOUT_MS = 10 * 60_000

export interface Case {
  id: string
  title: string
  accounts: number
  sitesEach: number
  allScope: boolean
  /** The sync steps: keystrokes during a sync of every account, and the bytes of a sync that changes 10 sites. */
  syncSteps: boolean
}

export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'unknown (no /proc/loadavg)'
  }
}

/** A process's resident memory in MiB from /proc, or null. */
export function rssOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

/** Sites in the shell's store, read beside the running app (WAL). */
export function storedSites(dataDir: string): number {
  let db: Database.Database | null = null
  try {
    db = new Database(join(dataDir, 'workspace.sqlite'), { readonly: true, fileMustExist: true })
    return (db.prepare('SELECT count(*) AS n FROM sites').get() as { n: number }).n
  } catch {
    return 0
  } finally {
    db?.close()
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One account's server, which keeps its data in a file so that it can start again on the same address. */
export interface AccountServer {
  seed: string
  dataFile: string
  port: number
  baseUrl: string
  token: string
  process: ServerProcess | null
}

export async function startAccountServer(server: AccountServer, sites: number, latencyMs: number, samePort: boolean): Promise<void> {
  server.process = await startServerProcess({
    seed: server.seed,
    sites,
    latencyMs,
    extraArgs: ['--accounts', '1', '--data', server.dataFile, ...(samePort ? ['--port', String(server.port)] : [])],
  })
  if (samePort && server.process.baseUrl !== server.baseUrl) throw new Error(`the server came back at ${server.process.baseUrl}, not ${server.baseUrl}`)
  server.baseUrl = server.process.baseUrl
  server.port = Number(new URL(server.baseUrl).port)
  server.token = server.process.tokens[0]!
}

export async function stopServers(servers: AccountServer[]): Promise<void> {
  await Promise.all(servers.map(async (server) => {
    await server.process?.stop()
    server.process = null
  }))
}

export async function totalRequests(servers: AccountServer[]): Promise<number> {
  const counts = await Promise.all(servers.map(async (server) => (server.process ? (await server.process.stats()).requests : 0)))
  return counts.reduce((a, b) => a + b, 0)
}

/** Waits until no request reached any server for `stillMs`; how long that took, or null past `maxMs`. */
export async function waitForServersQuiet(servers: AccountServer[], stillMs: number, maxMs: number): Promise<number | null> {
  const start = performance.now()
  let last = await totalRequests(servers)
  let stillSince = performance.now()
  while (performance.now() - start < maxMs) {
    await sleep(250)
    const now = await totalRequests(servers)
    if (now !== last) {
      last = now
      stillSince = performance.now()
    } else if (performance.now() - stillSince >= stillMs) {
      return performance.now() - start
    }
  }
  return null
}

export async function api<T>(page: Page, channel: string, input?: unknown): Promise<T> {
  const result = await page.evaluate(
    ([name, value]) => ((globalThis as unknown as { api: Record<string, (input?: unknown) => Promise<unknown>> }).api[name as string]!)(value),
    [channel, input] as const,
  )
  const answer = result as { ok: boolean; value?: T; error?: { message: string } }
  if (!answer.ok) throw new Error(`window.api.${channel} failed: ${answer.error?.message ?? 'no message'}`)
  return answer.value as T
}

/** The site the probe searches for: its name, and its address's host (what is typed: only it matches it). */
export interface SearchTarget {
  name: string
  host: string
}

/**
 * The last site of a server. Its host is typed rather than its name: a name's words match many
 * sites ("Pinecrest Pharmacy 7" matches every Pinecrest Pharmacy with a 7 in any column), the
 * one sought may sort below the screenful the table renders, and a row not on screen is not in
 * the page at all.
 */
export async function lastSite(server: AccountServer, sites: number): Promise<SearchTarget> {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${server.token}` }
  const response = await fetch(`${server.baseUrl}/sites?page=${Math.ceil(sites / PER_PAGE)}`, { headers })
  const body = (await response.json()) as { data: { name: string; url: string }[] }
  const last = body.data.at(-1)
  if (!last) throw new Error('the server has no sites')
  return { name: last.name, host: new URL(last.url).host }
}

/** 5 sites deleted and 5 created on the server: the 10 changes a later sync brings. */
export async function changeTenSites(server: AccountServer): Promise<void> {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' }
  const first = (await (await fetch(`${server.baseUrl}/sites?page=1`, { headers })).json()) as { data: { id: number }[] }
  for (const site of first.data.slice(0, 5)) {
    const response = await fetch(`${server.baseUrl}/sites/${site.id}`, { method: 'DELETE', headers })
    if (!response.ok) throw new Error(`DELETE /sites/${site.id} answered ${response.status}`)
  }
  for (let i = 1; i <= 5; i++) {
    const response = await fetch(`${server.baseUrl}/sites`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Bench changed site ${i}`, url: `https://changed-${i}.example.com` }),
    })
    if (!response.ok) throw new Error(`POST /sites answered ${response.status}`)
  }
}

/** Adds every server as an account through the page's window.api and lets core fill the store. */
export async function seedWorkspace(browser: Browser, c: Case, dataDir: string, servers: AccountServer[]): Promise<void> {
  const shell = await startWebShell({ dataDir })
  const page = await browser.newPage()
  try {
    await page.goto(shell.url)
    const started = performance.now()
    for (const [i, server] of servers.entries()) {
      await api(page, 'accountsAdd', { label: `Bench agency ${i + 1}`, baseUrl: server.baseUrl, token: server.token })
    }
    // The scope the person left the app in; read back by the accounts store at start.
    if (c.allScope) await api(page, 'prefsSet', { key: 'scope', value: 'all' })
    const total = c.accounts * c.sitesEach
    while (storedSites(dataDir) < total) {
      if (performance.now() - started > SYNC_TIMEOUT_MS) throw new Error(`the store held ${storedSites(dataDir)} of ${total} sites after ${SYNC_TIMEOUT_MS / 1000} s`)
      await sleep(250)
    }
    line(`  sites synced into the store (${total.toLocaleString('en')}, no added latency)`, performance.now() - started, 'ms', 0)
    // The event backfill too, so the store is what a person who left the app running has.
    const quiet = await waitForServersQuiet(servers, 2000, SYNC_TIMEOUT_MS)
    if (quiet === null) console.log('  note: core was still requesting (event backfill) when the setup gave up waiting')
    else line('  … and the event backfill done', performance.now() - started, 'ms', 0)
    // Left as a person leaves it: on the Sites view, so the shell's list of a page's first reads
    // (core/first-screen/first-calls.ts) is that view's, as it is when the app is reopened the next day. The
    // setup page's own reads (no accounts yet) would otherwise be what the first reopen is primed with.
    await page.goto('about:blank')
    await page.goto(`${shell.url}#/sites`)
    await page.locator('table tbody tr.site-row').first().waitFor({ timeout: SYNC_TIMEOUT_MS })
    await sleep(1000)
  } finally {
    await page.close()
    // The socket's close makes the shell keep that list (written to the data folder).
    await sleep(500)
    await shell.stop()
  }
}


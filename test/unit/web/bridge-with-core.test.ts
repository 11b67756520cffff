// Every API operation end to end, through the web shell's bridge exactly as the page uses it: a real
// core behind a real web shell, a reference server behind core, calls over the WebSocket.
import { existsSync } from 'node:fs'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createCore, MemorySecretStore, type Core } from '../../../src/core'
import { startReferenceServer, type RunningReferenceServer } from '../../../src/reference-server'
import type { Account, AccountsState, Result, SyncState, Tag } from '../../../src/shared'
import { EMPTY_FILTER, type ScopeSummary, type SitesPage } from '../../../src/shared/sites-query'
import { startWebShellServer, type WebShellServer } from '../../../src/web/server'

const TOKEN = 'bridge-test-token-0123456789'
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

interface Shell {
  call<T>(channel: string, input?: unknown): Promise<Result<T>>
  stop(): Promise<void>
}

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bridge-core-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

async function startShell(dataDir: string, secrets: MemorySecretStore): Promise<Shell> {
  const rendererDir = join(dataDir, '..', `renderer-${Math.random().toString(36).slice(2)}`)
  await mkdir(rendererDir, { recursive: true })
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>')
  await writeFile(join(rendererDir, 'bridge.js'), '')
  const core: Core = createCore({
    dataDir,
    shell: 'web',
    appName: 'Site Manager',
    appVersion: '0.0.0-test',
    secretStore: secrets,
  })
  const server: WebShellServer = await startWebShellServer({
    core,
    token: TOKEN,
    port: 0,
    rendererDir,
    bridgeScriptFile: join(rendererDir, 'bridge.js'),
  })
  const socket = await new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/__ws`, {
      headers: { Cookie: `site_manager_token_${server.port}=${TOKEN}`, Origin: server.origin },
    })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
  let nextId = 1
  const pending = new Map<number, (result: Result<unknown>) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString())
    if (typeof message.id === 'number') pending.get(message.id)?.(message.result)
  })
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    socket.close()
    await server.close()
    await core.dispose()
    await rm(rendererDir, { recursive: true, force: true })
  }
  cleanups.push(stop)
  return {
    call: <T>(channel: string, input?: unknown) =>
      new Promise<Result<T>>((resolve) => {
        const id = nextId++
        pending.set(id, resolve as (r: Result<unknown>) => void)
        socket.send(JSON.stringify({ id, channel, input }))
      }),
    stop,
  }
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value
}

async function referenceServer(): Promise<RunningReferenceServer> {
  const server = await startReferenceServer({ seed: 'bridge', sites: 20, tags: 4, events: 30 })
  cleanups.push(() => server.close())
  return server
}

describe('the web shell bridge over a real core', () => {
  it('adds an account, lists its sites, creates a tag, and reports a wrong token as unauthorized', async () => {
    const api = await referenceServer()
    const shell = await startShell(await scratch(), new MemorySecretStore())

    const wrong = await shell.call<Account>('accounts:add', { label: 'Typo', baseUrl: api.baseUrl, token: 'not-the-token' })
    expect(wrong.ok).toBe(false)
    if (!wrong.ok) expect(wrong.error.code).toBe('unauthorized')
    expect(value(await shell.call<AccountsState>('accounts:list')).accounts).toEqual([])

    const account = value(await shell.call<Account>('accounts:add', { label: 'Agency', baseUrl: api.baseUrl, token: api.tokens[0] }))
    expect(account).toMatchObject({ label: 'Agency', kind: 'remote', tokenState: 'ok' })
    expect(JSON.stringify(account)).not.toContain(api.tokens[0]!)

    expect(value(await shell.call<SyncState>('sync:now', { accountId: account.id }))).toMatchObject({ status: 'idle', error: null })
    const summary = value(await shell.call<ScopeSummary>('workspace:scope', { scope: [account.id] }))
    expect(summary.accounts[0]!.siteCount).toBe(20)
    expect(value(await shell.call<SitesPage>('sites:query', allSitesOf(account.id))).rows).toHaveLength(20)

    const tag = value(await shell.call<Tag>('tags:create', { accountId: account.id, name: 'Bridge test' }))
    expect(tag.name).toBe('Bridge test')
    const tags = value(await shell.call<ScopeSummary>('workspace:scope', { scope: [account.id] })).accounts[0]!.tags
    expect(tags.map((t) => t.name)).toContain('Bridge test')
  })

  it('starts the demo, keeps it across a restart of the shell, and removes it cleanly', async () => {
    const dataDir = await scratch()
    const secrets = new MemorySecretStore()
    const first = await startShell(dataDir, secrets)
    const demo = value(await first.call<Account>('demo:open'))
    expect(demo).toMatchObject({ kind: 'demo', label: 'Demo' })
    value(await first.call<SyncState>('sync:now', { accountId: demo.id }))
    const sitesBefore = idsOf(value(await first.call<SitesPage>('sites:query', allSitesOf(demo.id))))
    expect(sitesBefore.length).toBeGreaterThanOrEqual(50)
    const created = value(await first.call<Tag>('tags:create', { accountId: demo.id, name: 'Kept across restarts' }))
    await first.stop()

    const second = await startShell(dataDir, secrets)
    const state = value(await second.call<AccountsState>('accounts:list'))
    expect(state.accounts.map((a) => a.id)).toEqual([demo.id])
    value(await second.call<SyncState>('sync:now', { accountId: demo.id }))
    const after = value(await second.call<ScopeSummary>('workspace:scope', { scope: [demo.id] }))
    expect(after.accounts[0]!.tags.map((t) => t.id)).toContain(created.id)
    expect(idsOf(value(await second.call<SitesPage>('sites:query', allSitesOf(demo.id))))).toEqual(sitesBefore)

    const running = value(await second.call<AccountsState>('accounts:list')).accounts[0]!.baseUrl
    expect((await fetch(`${running}/sites`)).status).toBe(401)

    value(await second.call<void>('accounts:remove', { accountId: demo.id }))
    await expect(fetch(`${running}/sites`)).rejects.toThrow()
    expect(value(await second.call<AccountsState>('accounts:list')).accounts).toEqual([])
    expect(existsSync(join(dataDir, 'demo'))).toBe(false)
    const gone = await second.call('workspace:scope', { scope: [demo.id] })
    expect(gone.ok).toBe(false)
  })
})

/** A sites:query for every site of one account (far fewer than a page holds here). */
function allSitesOf(accountId: string) {
  return { scope: [accountId], filter: EMPTY_FILTER, sort: [{ key: 'name', direction: 'asc' }], offset: 0, limit: 1000 }
}

function idsOf(page: SitesPage): number[] {
  return page.rows.map((row) => row.site.id).sort((a, b) => a - b)
}

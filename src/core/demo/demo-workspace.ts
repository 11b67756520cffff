// The demo workspace, the app's embedded default: a reference server with a seeded portfolio,
// started inside core on a free loopback port, with an account labelled Demo pointing at it.
// Its data lives in <dataDir>/demo/ (state.json and token) and persists between runs; its
// monitoring simulation keeps recording events, which are pushed as 'events:new'.
// Removing the Demo account destroys it. Until that is done nothing may start it again, and
// afterwards only an explicit open() may (a fresh Demo account): a call that was on its way for
// the removed account must not bring back its server, its files or its events.
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Account, SiteEvent } from '../../shared'
import type { AccountStore } from '../accounts'
import { appError, AppErrorException } from '../errors'
import { errorFields } from '../logging/redaction'
import { silentLogger, type Logger } from '../util/logger'
import type { DemoServer, StartDemoServer } from './demo-server'
import type { DemoTokenFile } from './demo-token-file'

/** New events every 25 s or so: often enough to see the feed move, rare enough to read it. */
export const DEMO_MONITORING_INTERVAL_MS = 25_000

export interface DemoWorkspaceOptions {
  /** <dataDir>/demo */
  folder: string
  store: AccountStore
  /** The demo's token, shared with the AccountStore, which reads it for the demo's calls. */
  tokens: DemoTokenFile
  startServer: StartDemoServer
  onEvents: (accountId: string, events: SiteEvent[]) => void
  monitoringIntervalMs?: number
  /** Where a failed start is written down (the person sees only its one sentence). */
  logger?: Logger
}

interface Running {
  server: DemoServer
  account: Account
  unsubscribe: () => void
}

function beingRemoved(): AppErrorException {
  return appError({ code: 'not_found', message: 'The demo workspace is being removed. Open it again in a moment.' })
}

function demoRemoved(): AppErrorException {
  return appError({ code: 'not_found', message: 'This account does not exist; it may have been removed.' })
}

export class DemoWorkspace {
  private running: Promise<Running> | undefined
  private destroying = false

  constructor(private readonly options: DemoWorkspaceOptions) {}

  /**
   * Starts the server (once) and answers the Demo account, added or updated to its address.
   * This is the person opening the demo: after a removal it makes a fresh Demo account.
   */
  async open(): Promise<Account> {
    const running = await this.ensureRunning(undefined)
    // Read again: the label may have been renamed since the server started.
    return this.options.store.get(running.account.id)
  }

  /**
   * The server's current base URL for a call of the Demo account `accountId`, starting the
   * server first if needed. Never adds an account: for a removed one it answers not_found.
   */
  async baseUrlFor(accountId: string): Promise<string> {
    const running = await this.ensureRunning(accountId)
    if (running.account.id !== accountId) throw demoRemoved()
    return (await this.options.store.get(accountId)).baseUrl
  }

  /** Stops the server; its data stays for the next run. */
  async stop(): Promise<void> {
    const running = this.running
    this.running = undefined
    if (!running) return
    const started = await running.catch(() => undefined)
    if (!started) return
    started.unsubscribe()
    await started.server.close()
  }

  /**
   * Stops the server and deletes the demo's data (when the Demo account is removed, which
   * happens first). Nothing starts the demo while this runs.
   */
  async destroy(): Promise<void> {
    this.destroying = true
    try {
      await this.stop()
      await rm(this.options.folder, { recursive: true, force: true })
    } finally {
      this.destroying = false
    }
  }

  private async ensureRunning(forAccount: string | undefined): Promise<Running> {
    if (this.destroying) throw beingRemoved()
    this.running ??= this.start(forAccount)
    const attempt = this.running
    try {
      return await attempt
    } catch (thrown) {
      // A failed start is not kept: the next open tries again.
      if (this.running === attempt) this.running = undefined
      throw thrown
    }
  }

  /** @param forAccount for a call's lazy start: only that Demo account, never a new one. */
  private async start(forAccount: string | undefined): Promise<Running> {
    // Checked before anything touches the demo folder (token, state.json).
    if (forAccount !== undefined && (await this.options.store.findDemo())?.id !== forAccount) throw demoRemoved()
    const token = await this.options.tokens.getOrCreate()
    let server: DemoServer
    try {
      server = await this.options.startServer({
        token,
        dataFile: join(this.options.folder, 'state.json'),
        monitoringIntervalMs: this.options.monitoringIntervalMs ?? DEMO_MONITORING_INTERVAL_MS,
      })
    } catch (thrown) {
      ;(this.options.logger ?? silentLogger).error('The demo workspace could not start its server', {
        error: errorFields(thrown),
      })
      if (thrown instanceof AppErrorException) throw thrown
      throw appError({
        code: 'internal',
        message: 'The demo workspace could not start. Try again; if it keeps failing, remove the Demo account to reset it.',
      })
    }
    try {
      // The port is new on every launch, so the stored address is brought up to date.
      const account = await this.options.store.upsertDemo(server.baseUrl, forAccount)
      const unsubscribe = server.onEvents((eventToken, events) => {
        if (eventToken === token && events.length > 0) this.options.onEvents(account.id, events)
      })
      return { server, account, unsubscribe }
    } catch (thrown) {
      await server.close().catch(() => undefined)
      throw thrown
    }
  }
}

// Builds the one Core that a shell registers. Composition only: the parts live in accounts/,
// secrets/, demo/ and channels/. Dependencies come in through options so tests can pass
// in-memory ones (GitHub Desktop's constructor-injected stores are the model).

import type { AppNotice, ChannelHandlers, RequestChannel } from '../shared'
import { AccountClients, AccountStore, credentialsVerifier, demoDir, type CreateSiteApi } from './accounts'
import { createSiteApiClient } from './api'
import { accountsChannels } from './channels/accounts-channels'
import { watchAttention } from './attention'
import { appChannels } from './channels/app-channels'
import { bulkChannels } from './channels/bulk-channels'
import type { ChannelContext } from './channels/context'
import { demoChannels } from './channels/demo-channels'
import { exportChannels } from './channels/export-channels'
import { healthChannels } from './channels/health-channels'
import { historyChannels } from './channels/history-channels'
import { overviewChannels } from './channels/overview-channels'
import { prefsChannels } from './channels/prefs-channels'
import { reportChannels, type PrintReportPdf } from './channels/report-channels'
import { ReportTemplates } from './report/report-templates'
import type { ReportBatchShell } from './report/report-batch'
import { scopeChannels } from './channels/scope-channels'
import { settingsChannels } from './channels/settings-channels'
import { siteChannels } from './channels/site-channels'
import { syncChannels } from './channels/sync-channels'
import { tagChannels } from './channels/tag-channels'
import { workspaceChannels } from './channels/workspace-channels'
import type { Core } from './core'
import { DemoTokenFile, DemoWorkspace, startReferenceDemoServer, type StartDemoServer } from './demo'
import { createHealth, type HealthOptions } from './health/create-health'
import { downloadDelivery, noDelivery, savedDelivery, type ExportDelivery, type ExportDownloads } from './export'
import { KeytarSecretStore, type SecretStore } from './secrets'
import { SqliteWorkspaceStore } from './store/sqlite-workspace-store'
import type { WorkspaceStore } from './store/workspace-store'
import { SyncEngine } from './sync/sync-engine'
import { PushEmitter } from './util/push-emitter'
import { logChannelFailures } from './channels/handle'
import { startupSync } from './startup-sync'
import { clientsLearningSecrets, isSecretAware, secretStoreLearningSecrets } from './logging'
import { errorFields } from './logging/redaction'
import { silentLogger, type Logger } from './util/logger'

export interface CoreOptions {
  /** Folder for settings and caches (Electron's userData, or the web shell's --data-dir). */
  dataDir: string
  shell: 'electron' | 'web'
  appName: string
  appVersion: string
  /**
   * Desktop: asks where to save an export through the system's save dialog; answers the chosen
   * path, or null when the person cancelled. Core writes the file there.
   */
  chooseSavePath?: (suggestedName: string) => Promise<string | null>
  /** Web shell: where finished exports wait for their one download (served by the web shell). */
  downloads?: ExportDownloads
  /** The dock/taskbar badge and the tray's pending total of every account; the web shell has none. */
  setBadge?: (count: number) => void
  /** The tray's and badge's count of sites down across every account (core/health); the web shell has none. */
  setSitesDown?: (count: number) => void
  /** `--demo`: start the demo workspace at launch and make it the active account. */
  openDemoOnStart?: boolean
  /** Where tokens live; default the OS keychain under the service named appName. */
  secretStore?: SecretStore
  /** Makes the API client of an account; default the real undici client. */
  createApiClient?: CreateSiteApi
  /** How the demo starts its server; default the reference server in this process. */
  startDemoServer?: StartDemoServer
  /** How often the demo's monitoring simulation records new events (default about 25 s). */
  demoMonitoringIntervalMs?: number
  /** The local copy of every account; default SQLite in dataDir. */
  workspaceStore?: WorkspaceStore
  /**
   * The compiled SQLite module to load, when better-sqlite3's own build is for another runtime
   * (the desktop app under `npm start`: scripts/lib/electron-sqlite.mjs builds one for Electron).
   */
  sqliteNativeBinding?: string
  /** false: no sync at start or on the interval (tests that drive syncs themselves). */
  autoSync?: boolean
  /** How long the start-up sync waits for a window's first read of the store before it begins anyway. */
  syncStartDelayMs?: number
  /** How long after the window's first read it begins (default AFTER_FIRST_READ_MS). */
  syncAfterFirstReadMs?: number
  /**
   * Where what goes wrong unseen is written down (thrown handlers, listener errors, failed demo
   * starts); default silent. A logger with registerSecret learns every token and private key
   * core uses, so that it can keep them out of the file.
   */
  logger?: Logger
  /**
   * The health checks' network, trusted CAs, clock and start (core/health); default the
   * machine's network (loopback only under a test runner), starting unless autoSync is false.
   */
  health?: HealthOptions
  /** Desktop: prints a report to PDF from a hidden window (main/report-pdf.ts); the web shell prints in the browser. */
  printReportPdf?: PrintReportPdf
  /** Desktop: the folder dialog and printer of "Reports for all clients". */
  reportBatch?: ReportBatchShell
}

/** Channels that are the person at work; background filling of old events makes way for them. */
const BACKGROUND_CHANNELS: ReadonlySet<RequestChannel> = new Set(['sync:states', 'app:notices', 'app:info'])

export function createCore(options: CoreOptions): Core {
  const logger = options.logger ?? silentLogger
  const learnSecret = isSecretAware(logger) ? (value: string | null | undefined) => logger.registerSecret(value) : () => {}
  const events = new PushEmitter(logger)
  // Every request names the app and its version: the API client's and the health checks'.
  const userAgent = `${options.appName}/${options.appVersion}`
  const baseClient = options.createApiClient ?? createSiteApiClient
  const createClient = clientsLearningSecrets((clientOptions) => baseClient({ userAgent, ...clientOptions }), learnSecret)
  const workspace = options.workspaceStore ?? SqliteWorkspaceStore.open({ dataDir: options.dataDir, nativeBinding: options.sqliteNativeBinding })
  const notices: AppNotice[] = []
  if (workspace.notice !== null) notices.push({ id: 'workspace-rebuilt', message: workspace.notice })

  // The demo's token lives in its own folder, not the keychain; the account store reads it for the
  // demo's calls and the demo workspace creates it.
  const demoFolder = demoDir(options.dataDir)
  const demoTokens = new DemoTokenFile(demoFolder)
  const accounts = new AccountStore({
    dataDir: options.dataDir,
    secrets: secretStoreLearningSecrets(options.secretStore ?? new KeytarSecretStore(options.appName), learnSecret),
    demoSecrets: demoTokens,
    verifyCredentials: credentialsVerifier(createClient),
    onChange: (state) => events.emit('accounts:changed', state),
    // A damaged accounts.json: the banner says where it was kept and what was recovered.
    onNotice: (notice) => {
      notices.push(notice)
      events.emit('app:notice', notice)
    },
    // The damaged-file backup and the leftovers of a crash removed at start are logged.
    logger,
  })
  // The account list is read at start, not on the first call: a notice about a damaged file is
  // ready when the window asks (and pushed, if it asked first), and what a crash left is removed.
  // A file that cannot be read fails the first accounts:list instead, with its reason.
  // Then every token is read once: the keychain's first answer costs a few hundred ms (under
  // Node its host process starts), which the window's first accounts:list should not wait for.
  void accounts
    .load()
    .then(() => accounts.list())
    .catch(() => undefined)
  const demo = new DemoWorkspace({
    folder: demoFolder,
    store: accounts,
    tokens: demoTokens,
    startServer: options.startDemoServer ?? startReferenceDemoServer,
    // The monitoring recorded events on the demo's server: the sync engine reads them into
    // the store like any server's, and pushes them from there.
    onEvents: (accountId) => sync.syncEventsSoon(accountId),
    monitoringIntervalMs: options.demoMonitoringIntervalMs,
    logger,
  })
  const clients = new AccountClients({
    store: accounts,
    createClient,
    // The demo's server starts lazily, on the first call for its account.
    prepare: (account) => (account.kind === 'demo' ? demo.baseUrlFor(account.id) : Promise.resolve(account.baseUrl)),
  })

  const sync = new SyncEngine({
    workspace,
    clients,
    accounts,
    events,
    intervalMinutes: workspace.settings().syncIntervalMinutes,
  })

  // After each sync, one 'attention:summary' for the notification; the badge after every change.
  const stopAttention = watchAttention({
    events,
    sites: (accountId) => workspace.sites(accountId),
    notifyOn: () => workspace.settings().notifyOn,
    accountLabel: async (accountId) => (await accounts.get(accountId)).label,
    listAccounts: () => accounts.list(),
    lastSyncedAt: (accountId) => sync.state(accountId).lastSyncedAt,
    setBadge: options.setBadge,
    onError: (error) => logger.error('What needs attention after a sync could not be worked out', { error: errorFields(error) }),
  })

  // Core checks every site itself (core/health): the demo's results are simulated, the rest
  // go through the network only for accounts and sites whose checks are on.
  const health = createHealth(
    {
      workspace,
      accounts,
      events,
      appName: options.appName,
      appVersion: options.appVersion,
      onError: (error) => logger.error('A cycle of health checks failed', { error: errorFields(error) }),
      ...(options.setSitesDown ? { setSitesDown: options.setSitesDown } : {}),
    },
    { autoStart: options.autoSync !== false, ...options.health },
  )

  const ready = options.openDemoOnStart ? openDemoAtStart(demo, accounts, logger) : Promise.resolve()
  const context: ChannelContext = { accounts, clients, demo, events, workspace, sync, notices: () => [...notices], siteFindings: (accountId) => health.service.siteFindings(accountId), keepLookFor: (accountId, siteId, text) => void health.service.updateSettings({ site: { site: `${accountId}:${siteId}`, lookFor: text } }), healthCheckedAt: (accountIds) => health.service.lastCheckedAt(accountIds), ready }
  // The start-up sync waits for the window's first read (startup-sync.ts).
  const startup = startupSync({
    ready,
    start: () => sync.start(),
    enabled: options.autoSync !== false,
    delayMs: options.syncStartDelayMs,
    afterReadMs: options.syncAfterFirstReadMs,
  })

  const sites = siteChannels(context)
  // A bulk delete deletes each site through sites:delete's own handler.
  const bulk = bulkChannels(context, (accountId, siteId) => sites['sites:delete']({ accountId, siteId }))
  const channels: ChannelHandlers = {
    ...appChannels(options, context.notices),
    ...accountsChannels(context),
    ...demoChannels(context),
    ...workspaceChannels(context),
    ...scopeChannels(context),
    ...syncChannels(context),
    ...sites,
    ...tagChannels(context),
    ...settingsChannels(context),
    ...prefsChannels(context),
    ...historyChannels(context),
    ...healthChannels(context, health.service),
    ...overviewChannels(context),
    ...exportChannels(context, exportDelivery(options)),
    ...reportChannels(context, {
      health: health.service,
      templates: new ReportTemplates(options.dataDir),
      delivery: exportDelivery(options),
      printPdf: options.printReportPdf,
      batch: options.reportBatch,
    }),
    ...bulk.handlers,
  }
  const handlers = noteActivity(channels, () => sync.noteUserActivity())

  return {
    handlers: logChannelFailures(startup.watchFirstRead(handlers), logger),
    warmUpHandlers: logChannelFailures(channels, logger),
    on: (event, listener) => events.on(event, listener),
    dispose: async () => {
      startup.stop()
      stopAttention()
      await bulk.jobs.stopAll()
      await ready
      await sync.dispose()
      await health.stop()
      await clients.closeAll()
      await demo.stop()
      workspace.close()
    },
  }
}

/** Wraps each handler so that a call from the person tells the sync engine they are at work. */
function noteActivity(handlers: ChannelHandlers, note: () => void): ChannelHandlers {
  const wrapped: Record<string, (input: unknown) => unknown> = {}
  for (const [channel, handler] of Object.entries(handlers) as [RequestChannel, (input: unknown) => unknown][]) {
    wrapped[channel] = BACKGROUND_CHANNELS.has(channel)
      ? handler
      : (input: unknown) => {
          note()
          return handler(input)
        }
  }
  return wrapped as ChannelHandlers
}

/** Where exports go: the desktop's save dialog, the web shell's downloads. */
function exportDelivery(options: CoreOptions): ExportDelivery {
  if (options.chooseSavePath) return savedDelivery(options.chooseSavePath)
  if (options.downloads) return downloadDelivery(options.downloads)
  return noDelivery
}

/** --demo: open straight into the demo, which becomes the last active account. */
async function openDemoAtStart(demo: DemoWorkspace, accounts: AccountStore, logger: Logger): Promise<void> {
  try {
    const account = await demo.open()
    await accounts.setActive(account.id)
  } catch (thrown) {
    // The app still starts; the person can open the demo from the accounts screen, where a
    // failure is reported with its reason.
    logger.error('--demo: the demo workspace could not be opened at start', { error: errorFields(thrown) })
  }
}

// Builds the one Core that a shell registers. Composition only: the parts live in accounts/,
// secrets/, demo/ and channels/. Dependencies come in through options so tests can pass
// in-memory ones (GitHub Desktop's constructor-injected stores are the model).

import type { ChannelHandlers } from '../shared'
import { AccountClients, AccountStore, credentialsVerifier, demoDir, type CreateSiteApi } from './accounts'
import { createSiteApiClient } from './api'
import { accountsChannels } from './channels/accounts-channels'
import { appChannels } from './channels/app-channels'
import type { ChannelContext } from './channels/context'
import { demoChannels } from './channels/demo-channels'
import { eventChannels } from './channels/event-channels'
import { siteChannels } from './channels/site-channels'
import { tagChannels } from './channels/tag-channels'
import type { Core } from './core'
import { DemoTokenFile, DemoWorkspace, startReferenceDemoServer, type StartDemoServer } from './demo'
import { KeytarSecretStore, type SecretStore } from './secrets'
import { PushEmitter } from './util/push-emitter'

export interface CoreOptions {
  /** Folder for settings and caches (Electron's userData, or the web shell's --data-dir). */
  dataDir: string
  shell: 'electron' | 'web'
  appName: string
  appVersion: string
  /** Opens an address in the system browser; the shell knows how. */
  openExternal: (url: string) => Promise<void>
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
}

export function createCore(options: CoreOptions): Core {
  const events = new PushEmitter()
  const createClient = options.createApiClient ?? createSiteApiClient

  // The demo's token lives in its own folder, not the keychain; the store reads it for the
  // demo's calls and the demo workspace creates it.
  const demoFolder = demoDir(options.dataDir)
  const demoTokens = new DemoTokenFile(demoFolder)
  const store = new AccountStore({
    dataDir: options.dataDir,
    secrets: options.secretStore ?? new KeytarSecretStore(options.appName),
    demoSecrets: demoTokens,
    verifyCredentials: credentialsVerifier(createClient),
    onChange: (state) => events.emit('accounts:changed', state),
  })
  const demo = new DemoWorkspace({
    folder: demoFolder,
    store,
    tokens: demoTokens,
    startServer: options.startDemoServer ?? startReferenceDemoServer,
    onEvents: (accountId, newEvents) => events.emit('events:new', { accountId, events: newEvents }),
    monitoringIntervalMs: options.demoMonitoringIntervalMs,
  })
  const clients = new AccountClients({
    store,
    createClient,
    // The demo's server starts lazily, on the first call for its account.
    prepare: (account) => (account.kind === 'demo' ? demo.baseUrlFor(account.id) : Promise.resolve(account.baseUrl)),
  })

  const ready = options.openDemoOnStart ? openDemoAtStart(demo, store) : Promise.resolve()
  const context: ChannelContext = { store, clients, demo, events, ready }

  const handlers: ChannelHandlers = {
    ...appChannels(options),
    ...accountsChannels(context),
    ...demoChannels(context),
    ...siteChannels(context),
    ...tagChannels(context),
    ...eventChannels(context),
  }

  return {
    handlers,
    on: (event, listener) => events.on(event, listener),
    dispose: async () => {
      await ready
      await clients.closeAll()
      await demo.stop()
    },
  }
}

/** --demo: open straight into the demo, which becomes the last active account. */
async function openDemoAtStart(demo: DemoWorkspace, store: AccountStore): Promise<void> {
  try {
    const account = await demo.open()
    await store.setActive(account.id)
  } catch {
    // The app still starts; the person can open the demo from the accounts screen, where a
    // failure is reported with its reason.
  }
}

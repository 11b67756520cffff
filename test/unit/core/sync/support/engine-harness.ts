// A SyncEngine over the real SQLite workspace store in a throwaway folder and a real API client
// for one account, with every push recorded and every API method call counted.
import { PUSH_EVENTS, type PushEvent, type PushEvents } from '../../../../../src/shared'
import { createSiteApiClient, type SiteApi, type SiteApiClientConfig } from '../../../../../src/core/api'
import { SqliteWorkspaceStore } from '../../../../../src/core/store/sqlite-workspace-store'
import { SyncEngine, type SyncClock, type SyncTuning } from '../../../../../src/core/sync'
import { PushEmitter } from '../../../../../src/core/util/push-emitter'
import { withTempDirs } from '../../support/temp-dir'

export const ACCOUNT = 'account-1'

const dirs = await withTempDirs()
const open: { close(): Promise<void> | void }[] = []

/** Closes every harness made since the last call (engines first, then clients and stores). */
export async function closeHarnesses(): Promise<void> {
  for (const item of open.splice(0).reverse()) await item.close()
  await dirs.cleanup()
}

export interface HarnessOptions {
  baseUrl: string
  token: string
  client?: Partial<SiteApiClientConfig>
  clock?: SyncClock
  tuning?: Partial<SyncTuning>
  intervalMinutes?: number
  /** Token states the engine's account list shows (default one account, 'ok'). */
  accounts?: { id: string; tokenState?: string }[]
}

export async function makeHarness(options: HarnessOptions) {
  const store = SqliteWorkspaceStore.open({ dataDir: await dirs.make() })
  open.push({ close: () => store.close() })
  const client = createSiteApiClient({ baseUrl: options.baseUrl, token: options.token, ...options.client })
  open.push(client)
  const calls: string[] = []
  const api = counted(client, calls)
  const emitter = new PushEmitter()
  const pushed: { event: PushEvent; payload: unknown }[] = []
  for (const event of PUSH_EVENTS) emitter.on(event, (payload) => pushed.push({ event, payload }))
  /** Aborted as AccountClients.forget would: the account's client is gone. */
  let clientGone = new AbortController()
  const engine = new SyncEngine({
    workspace: store,
    clients: { run: (_accountId, work) => work(api, clientGone.signal) },
    accounts: { list: async () => ({ accounts: options.accounts ?? [{ id: ACCOUNT, tokenState: 'ok' }] }) },
    events: emitter,
    clock: options.clock,
    tuning: options.tuning,
    intervalMinutes: options.intervalMinutes,
  })
  open.push({ close: () => engine.dispose() })

  function pushesOf<E extends PushEvent>(event: E, accountId = ACCOUNT): PushEvents[E][] {
    return pushed
      .filter((p) => p.event === event && (p.payload as { accountId?: string }).accountId === accountId)
      .map((p) => p.payload as PushEvents[E])
  }
  return {
    engine,
    store,
    /** The API client without counting, for the test's own reads. */
    client,
    calls,
    pushed,
    pushesOf,
    /** Calls of one API method, with their page numbers. */
    callsOf: (method: string) => calls.filter((c) => c.split(' ')[0] === method),
    forgetClient: () => {
      clientGone.abort()
      clientGone = new AbortController()
    },
  }
}

function counted(api: SiteApi, calls: string[]): SiteApi {
  return new Proxy(api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      // Only requests count; a read budget is bookkeeping.
      if (typeof value !== 'function' || property === 'newReadBudget') return value
      return (...args: unknown[]) => {
        calls.push([String(property), ...args.filter((a) => typeof a === 'number')].join(' '))
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
}

// The one typed stand-in for the SiteManagerApi in the renderer tests. The app gets it the
// way it gets the real one, by provide/inject (`fake.plugin`, or the helpers in mount.ts);
// nothing is put on window. What the app is given is built by the shells' own createApi, so it
// has their shape (one method per channel, one input forwarded, `on` for known events only);
// behind it each channel is a vi.fn in `fake.api`, which the test scripts and inspects. The
// test gives the channels it uses; any other channel answers 'internal', so an unexpected call
// is visible; push events can be emitted like core would.
// `memoryCore` answers the workspace channels from plain arrays, like core's local store,
// and the factories at the end make domain objects.
import { vi, type Mock } from 'vitest'
import { makeEvent, makeSite, makeTag } from '../../support/domain-objects'
import type { Plugin } from 'vue'
import {
  REQUEST_CHANNELS,
  createApi,
  keyOf,
  methodName,
  parseKey,
  type Account,
  type AppError,
  type EventDayCount,
  type EventQuery,
  type EventSlice,
  type Invoke,
  type PushEvent,
  type PushEvents,
  type Result,
  type ScopedEvent,
  type Site,
  type SiteEvent,
  type SiteManagerApi,
  type Subscribe,
  type SyncState,
  type Tag,
} from '../../../../src/shared'
import { provideApi } from '../../../../src/renderer/src/lib/api'
import { overviewStats } from '../../../../src/core/overview'
import type { HealthSettings } from '../../../../src/shared/health'
import { memorySitesQuery } from './memory-sites-query'

type Methods = Omit<SiteManagerApi, 'on'>
export type FakeMethods = { [K in keyof Methods]: Mock<Methods[K]> }

export interface FakeApi {
  /** The channels' mocks (script them, check their calls) and the app's `on`. */
  api: FakeMethods & Pick<SiteManagerApi, 'on'>
  /** Provides this fake to an app, where the stores inject it. */
  plugin: Plugin
  /** The window.api the plugin provides (built over the mocks), for code handed the bridge itself. */
  provided: SiteManagerApi
  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void
  /** How many listeners an event has: shows that a store subscribed, or let go. */
  listenerCount(event: PushEvent): number
}

type AnyMethod = (input?: unknown) => Promise<Result<unknown>>

export function createFakeApi(methods: Partial<Methods> = {}): FakeApi {
  const listeners = new Map<PushEvent, Set<(payload: unknown) => void>>()
  const mocks: Record<string, Mock<AnyMethod>> = {}
  for (const channel of REQUEST_CHANNELS) {
    const name = methodName(channel)
    const given = (methods as Record<string, AnyMethod | undefined>)[name]
    mocks[name] = vi.fn(given ?? (async () => fail({ code: 'internal', message: `Unexpected call to ${channel}` })))
  }
  // A channel without input is called with no argument, so `toHaveBeenCalledWith()` holds.
  const invoke: Invoke = (channel, input) => {
    const mock = mocks[methodName(channel)]!
    return input === undefined ? mock() : mock(input)
  }
  const subscribe: Subscribe = (event, listener) => {
    const set = listeners.get(event) ?? new Set()
    set.add(listener)
    listeners.set(event, set)
    return () => {
      set.delete(listener)
    }
  }
  const app = createApi(invoke, subscribe)
  const api = { ...mocks, on: app.on } as unknown as FakeApi['api']
  return {
    api,
    plugin: provideApi(app),
    provided: app,
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0
    },
  }
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (error: AppError): Result<never> => ({ ok: false, error })

/** A promise with its resolve handle, to hold an answer back until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

// ---- an in-memory core for the workspace channels ----

export const SYNCED_AT = '2025-03-01T10:42:00.000Z'

export function syncState(accountId: string, overrides: Partial<SyncState> = {}): SyncState {
  return {
    accountId,
    status: 'idle',
    progress: null,
    error: null,
    lastSyncedAt: SYNCED_AT,
    lastAttemptAt: SYNCED_AT,
    notice: null,
    backfilling: false,
    ...overrides,
  }
}

export interface AccountData {
  sites: Site[]
  tags: Tag[]
  events: SiteEvent[]
  sync: SyncState
}

/** Core's feed order: newest first by (time, account id, event id). */
function newestFirst(a: ScopedEvent, b: ScopedEvent): number {
  return Date.parse(b.created_at) - Date.parse(a.created_at) || (a.accountId < b.accountId ? 1 : a.accountId > b.accountId ? -1 : 0) || b.id - a.id
}

/**
 * Keyset paging, filters and text search over the events of a scope, as core's store does;
 * an account of the scope that `data` does not hold is not_found, as in core.
 */
export function queryEvents(data: Record<string, AccountData>, query: EventQuery): Result<EventSlice> {
  const missing = query.scope.find((id) => !data[id])
  if (missing !== undefined) return fail({ code: 'not_found', message: `The account ${missing} does not exist; it may have been removed.` })
  const site = query.site === undefined ? null : parseKey(query.site)
  if (query.site !== undefined && (site === null || !query.scope.includes(site.accountId))) {
    return fail({ code: 'invalid_input', message: 'The site of the events filter is not a site of the accounts asked for.' })
  }
  const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const from = query.from ? Date.parse(query.from) : -Infinity
  const to = query.to ? Date.parse(query.to) : Infinity
  const matching = query.scope
    .flatMap((accountId) => {
      const d = data[accountId]!
      const names = new Map(d.sites.map((s) => [s.id, s.name]))
      const nameOf = (siteId: number) => (names.get(siteId) ?? '').toLowerCase()
      return d.events
        .filter((e) => site === null || (site.accountId === accountId && e.site_id === site.id))
        .filter((e) => words.every((w) => e.message.toLowerCase().includes(w) || nameOf(e.site_id).includes(w)))
        .map((e): ScopedEvent => ({ ...e, accountId, key: keyOf(accountId, e.id), siteName: names.get(e.site_id) ?? null }))
    })
    .filter((e) => !query.types?.length || query.types.includes(e.type))
    .filter((e) => Date.parse(e.created_at) >= from && Date.parse(e.created_at) <= to)
    .sort(newestFirst)
  let start = 0
  if (query.after) {
    const { createdAt, accountId, id } = query.after
    start = matching.findIndex((e) => newestFirst(e, { id, accountId, created_at: createdAt } as ScopedEvent) > 0)
    if (start === -1) start = matching.length
  }
  const limit = query.limit ?? 50
  const events = matching.slice(start, start + limit)
  const last = events.at(-1)
  const next = last && start + limit < matching.length ? { createdAt: last.created_at, accountId: last.accountId, id: last.id } : null
  return ok({ events, next, total: matching.length })
}

/** The scope's events per local day (in the asked offset) and type over the last `days` days, as core counts them. */
export function eventsDaily(
  data: Record<string, AccountData>,
  input: { scope: readonly string[]; days: number; utcOffsetMinutes: number },
  now = Date.now(),
): Result<EventDayCount[]> {
  const missing = input.scope.find((id) => !data[id])
  if (missing !== undefined) return fail({ code: 'not_found', message: `The account ${missing} does not exist; it may have been removed.` })
  const DAY = 86_400_000
  const offset = input.utcOffsetMinutes * 60_000
  const since = Math.floor((now + offset) / DAY) * DAY - (input.days - 1) * DAY - offset
  const counts = new Map<string, EventDayCount>()
  for (const accountId of input.scope) {
    for (const e of data[accountId]!.events) {
      const at = Date.parse(e.created_at)
      if (at < since) continue
      const day = new Date(at + offset).toISOString().slice(0, 10)
      const row = counts.get(`${day}\n${e.type}`) ?? { day, type: e.type, count: 0 }
      row.count++
      counts.set(`${day}\n${e.type}`, row)
    }
  }
  return ok([...counts.values()].sort((a, b) => a.day.localeCompare(b.day) || a.type.localeCompare(b.type)))
}

/**
 * Channels answered from `accounts` (mutable: change it, then emit what core would push).
 * Create and delete change the data like core's store does after the server said yes.
 */
export function memoryCore(accounts: Record<string, Partial<AccountData>>): {
  data: Record<string, AccountData>
  methods: Partial<Methods>
} {
  const data: Record<string, AccountData> = {}
  for (const [id, given] of Object.entries(accounts)) {
    data[id] = { sites: [], tags: [], events: [], sync: syncState(id), ...given }
  }
  const of = (accountId: string): AccountData | null => data[accountId] ?? null
  const gone = fail({ code: 'not_found', message: 'No such account.' })
  let nextId = 1000
  const prefs = new Map<string, unknown>()
  const healthSettings: HealthSettings = {
    intervalMinutes: 5,
    slowThresholdMs: 3000,
    warningDays: 14,
    concurrency: 16,
    notifyOn: { down: true, recovered: true, certificate: true, domain: true, endOfLife: true },
    accounts: {},
    sites: {},
  }
  const methods: Partial<Methods> = {
    // No history recorded yet: the site page's History card and the overview's trends say so.
    historySite: async ({ accountId, siteId }) => (of(accountId) ? ok({ accountId, siteId, changes: [], since: null }) : gone),
    historyTrend: async ({ scope }) => (scope.every((accountId) => of(accountId)) ? ok([]) : gone),
    // No health checked yet (core/health runs only in a whole core): the site page's section says so.
    healthSite: async ({ site }) => {
      const accountId = site.slice(0, site.lastIndexOf(':'))
      if (!of(accountId)) return gone
      return ok({ site, enabled: true, lookFor: null, simulated: false, checks: [], responseTimes: { hours7: [], days30: [] }, uptime: { days7: null, days30: null }, incidents: [], eolAsOf: '2026-08-22' })
    },
    healthSettings: async () => ok(healthSettings),
    healthSetSettings: async (patch) => {
      const { account, site, ...globals } = patch
      Object.assign(healthSettings, globals)
      if (account) healthSettings.accounts[account.accountId] = account.enabled
      if (site) healthSettings.sites[site.site] = { enabled: site.enabled ?? true, lookFor: site.lookFor ?? null }
      return ok(structuredClone(healthSettings))
    },
    // Core's own figures over these lists, so the Overview's tests see what core would answer.
    overviewStats: async ({ scope, now }) => {
      const missing = scope.find((accountId) => !of(accountId))
      if (missing !== undefined) return fail({ code: 'not_found', message: `The account ${missing} does not exist; it may have been removed.` })
      const accounts = scope.map((accountId) => ({ accountId, sites: data[accountId]!.sites }))
      return ok(overviewStats(accounts, now === undefined ? Date.now() : Date.parse(now)))
    },
    prefsGet: async ({ key }) => ok(prefs.has(key) ? structuredClone(prefs.get(key)) : null),
    prefsSet: async ({ key, value }) => {
      if (value === null) prefs.delete(key)
      else prefs.set(key, structuredClone(value))
      return ok(undefined)
    },
    // The Sites table's rows and the scope's summary, through core's own query engine.
    ...memorySitesQuery(data),
    eventsQuery: async (query) => queryEvents(data, query),
    eventsDaily: async (input) => eventsDaily(data, input),
    syncNow: async ({ accountId }) => {
      const d = of(accountId)
      return d ? ok(d.sync) : gone
    },
    syncStates: async () => ok(Object.values(data).map((d) => d.sync)),
    syncSite: async ({ accountId, siteId }) => {
      const site = of(accountId)?.sites.find((s) => s.id === siteId)
      return site ? ok(site) : fail({ code: 'not_found', message: 'The site does not exist on the server.' })
    },
    sitesCreate: async ({ accountId, site }) => {
      const d = of(accountId)
      if (!d) return gone
      const created = makeSite(nextId++, { name: site.name, url: site.url, tags: d.tags.filter((t) => site.tags?.includes(t.id)) })
      d.sites.push(created)
      return ok(created)
    },
    sitesDelete: async ({ accountId, siteId }) => {
      const d = of(accountId)
      if (!d) return gone
      d.sites = d.sites.filter((s) => s.id !== siteId)
      return ok(undefined)
    },
    tagsCreate: async ({ accountId, name }) => {
      const d = of(accountId)
      if (!d) return gone
      const tag = makeTag(nextId++, name)
      d.tags.push(tag)
      return ok(tag)
    },
    tagsDelete: async ({ accountId, tagId }) => {
      const d = of(accountId)
      if (!d) return gone
      d.tags = d.tags.filter((t) => t.id !== tagId)
      d.sites = d.sites.map((s) => ({ ...s, tags: s.tags.filter((t) => t.id !== tagId) }))
      return ok(undefined)
    },
    accountsSetActive: async () => ok(undefined),
    appInfo: async () => ok({ name: 'Site Manager', version: '0.1.0', shell: 'web', platform: 'linux' }),
    appNotices: async () => ok([]),
  }
  return { data, methods }
}

// ---- domain objects ----

export function makeAccount(id: string, overrides: Partial<Account> = {}): Account {
  return {
    id,
    label: `Account ${id}`,
    baseUrl: `https://api.example.com/${id}/v1`,
    kind: 'remote',
    tokenState: 'ok',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

export { makeEvent, makeSite, makeTag }

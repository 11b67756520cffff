// The one typed stand-in for window.api in the renderer tests: the test gives the channels it
// uses; any other channel answers 'internal', so an unexpected call is visible; push events
// can be emitted like core would. Also small factories for the domain objects.
import { vi, type Mock } from 'vitest'
import {
  REQUEST_CHANNELS,
  methodName,
  type Account,
  type AppError,
  type Page,
  type PushEvent,
  type PushEvents,
  type Result,
  type Site,
  type SiteEvent,
  type SiteManagerApi,
  type Tag,
} from '../../../../src/shared'

type Methods = Omit<SiteManagerApi, 'on'>
export type FakeMethods = { [K in keyof Methods]: Mock<Methods[K]> }

export interface FakeApi {
  api: FakeMethods & Pick<SiteManagerApi, 'on'>
  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void
  /** How many listeners an event has: shows that a store subscribed, or let go. */
  listenerCount(event: PushEvent): number
}

/** A fake without installing it as window.api. */
export function createFakeApi(methods: Partial<Methods> = {}): FakeApi {
  const listeners = new Map<PushEvent, Set<(payload: never) => void>>()
  const api: Record<string, unknown> = {}
  for (const channel of REQUEST_CHANNELS) {
    const name = methodName(channel)
    const given = (methods as Record<string, ((input: unknown) => Promise<Result<unknown>>) | undefined>)[name]
    api[name] = vi.fn(given ?? (async () => fail({ code: 'internal', message: `Unexpected call to ${channel}` })))
  }
  api.on = (event: PushEvent, listener: (payload: never) => void) => {
    const set = listeners.get(event) ?? new Set()
    set.add(listener)
    listeners.set(event, set)
    return () => set.delete(listener)
  }
  return {
    api: api as unknown as FakeApi['api'],
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as (p: typeof payload) => void)(payload)
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0
    },
  }
}

/** A fake installed as window.api, where the stores look for it. */
export function installFakeApi(methods: Partial<Methods> = {}): FakeApi {
  const fake = createFakeApi(methods)
  window.api = fake.api
  return fake
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (error: AppError): Result<never> => ({ ok: false, error })

/** A promise with its resolve handle, to hold an answer back until the test lets it go. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

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

export function makeTag(id: number, name: string): Tag {
  const at = '2025-01-02T10:00:00+00:00'
  return { id, name, created_at: at, updated_at: at }
}

export function makeSite(id: number, overrides: Partial<Site> = {}): Site {
  return {
    id,
    name: `Site ${id}`,
    url: `https://site-${id}.example.com`,
    admin_url: `https://site-${id}.example.com/admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [],
    server: { ip: '192.0.2.1', web: 'nginx/1.24.0', php: '8.2.18', mysql: '8.0.36' },
    updates_count: 0,
    created_at: '2024-01-01T00:00:00+00:00',
    updated_at: '2024-06-01T00:00:00+00:00',
    last_check_at: '2024-06-01T00:00:00+00:00',
    ...overrides,
  }
}

export function makeEvent(id: number, overrides: Partial<SiteEvent> = {}): SiteEvent {
  return {
    id,
    site_id: 1,
    category: 'client',
    message: `Event ${id}`,
    type: 'updated_extension',
    // Newer ids are newer in time, as in the spec's observed lists.
    created_at: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString().replace('Z', '+00:00'),
    ...overrides,
  }
}

/** A page of the list envelope (spec 2.4), 15 per page like the server. */
export function pageOf<T>(all: readonly T[], page: number, perPage = 15, path = 'https://api.example.com/v1/sites'): Page<T> {
  const lastPage = Math.max(1, Math.ceil(all.length / perPage))
  const start = (page - 1) * perPage
  const data = all.slice(start, start + perPage)
  return {
    data,
    links: {
      first: `${path}?page=1`,
      last: `${path}?page=${lastPage}`,
      prev: page > 1 ? `${path}?page=${page - 1}` : null,
      next: page < lastPage ? `${path}?page=${page + 1}` : null,
    },
    meta: {
      current_page: page,
      from: data.length ? start + 1 : null,
      last_page: lastPage,
      per_page: perPage,
      to: data.length ? start + data.length : null,
      total: all.length,
      path,
    },
  }
}

/** Lets pending promise callbacks (fake answers, store updates, re-renders) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
}

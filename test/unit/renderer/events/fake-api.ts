// A small typed stand-in for window.api: the tests give the channels they use, every other
// channel answers an 'internal' error (so a call nobody expected shows up as a failure), and
// push events can be emitted like core would.
import { vi } from 'vitest'
import {
  REQUEST_CHANNELS,
  methodName,
  type AppError,
  type Page,
  type PushEvent,
  type PushEvents,
  type Result,
  type SiteEvent,
  type SiteManagerApi,
  type Tag,
} from '../../../../src/shared'

type Methods = Omit<SiteManagerApi, 'on'>

export interface FakeApi {
  api: SiteManagerApi
  emit<E extends PushEvent>(event: E, payload: PushEvents[E]): void
  listenerCount(event: PushEvent): number
}

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
    api: api as unknown as SiteManagerApi,
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) (listener as (p: typeof payload) => void)(payload)
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0
    },
  }
}

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

export function makeTag(id: number, name: string): Tag {
  const at = '2025-01-02T10:00:00+00:00'
  return { id, name, created_at: at, updated_at: at }
}

/** A page of the list envelope, 15 per page like the server, from a newest-first list. */
export function pageOf<T>(all: readonly T[], page: number, perPage = 15, path = 'http://127.0.0.1/v1/logs'): Page<T> {
  const lastPage = Math.max(1, Math.ceil(all.length / perPage))
  const start = (page - 1) * perPage
  const data = all.slice(start, start + perPage)
  const link = (n: number) => `${path}?page=${n}`
  return {
    data,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
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

// Shared set-up for the tags and events component tests: a testing Pinia whose actions run
// for real against the fake window.api, a memory router with the app's paths, and a
// controllable IntersectionObserver (jsdom has none).
import { vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createTestingPinia } from '@pinia/testing'
import { createMemoryHistory, createRouter, type Router } from 'vue-router'
import type { Account } from '../../../../src/shared'

export function account(id: string): Account {
  return {
    id,
    label: `Account ${id}`,
    baseUrl: `http://127.0.0.1:9/${id}/v1`,
    kind: 'remote',
    tokenState: 'ok',
    createdAt: '2025-01-01T00:00:00.000Z',
  }
}

export function testingPinia(...accountIds: string[]) {
  const ids = accountIds.length ? accountIds : ['a']
  return createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: { accounts: { accounts: ids.map(account), activeAccountId: ids[0], status: 'ready' } },
  })
}

const Blank = defineComponent({ render: () => h('div') })

export async function testRouter(path = '/', routes: { path: string; component: unknown }[] = []): Promise<Router> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      ...routes.map((r) => ({ path: r.path, component: r.component as typeof Blank })),
      { path: '/', component: Blank },
      { path: '/sites', component: Blank },
      { path: '/sites/:id', component: Blank },
      { path: '/tags', component: Blank },
      { path: '/events', component: Blank },
    ],
  })
  await router.push(path)
  await router.isReady()
  return router
}

/** Stands in for IntersectionObserver; `reveal()` tells every observer its target is in view. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = []
  readonly targets = new Set<Element>()
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this)
  }
  observe(target: Element): void {
    this.targets.add(target)
  }
  unobserve(target: Element): void {
    this.targets.delete(target)
  }
  disconnect(): void {
    this.targets.clear()
  }
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
  /** `time`: when the browser measured it; an old time stands for a late, stale entry. */
  static reveal(isIntersecting = true, time = performance.now()): void {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.targets].map((target) => ({ target, isIntersecting, time }) as IntersectionObserverEntry)
      if (entries.length) observer.callback(entries, observer as unknown as IntersectionObserver)
    }
  }
  static install(): void {
    FakeIntersectionObserver.instances = []
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  }
}

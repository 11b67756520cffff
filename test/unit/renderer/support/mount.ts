// Mounting helpers: a testing Pinia whose actions run for real against the fake window.api,
// and a memory router with the app's paths.
import { vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { createTestingPinia } from '@pinia/testing'
import { createMemoryHistory, createRouter, type Router } from 'vue-router'
import type { Account } from '../../../../src/shared'
import { makeAccount } from './fake-api'

export function testingPinia(accounts: Account[] = [makeAccount('a')]) {
  return createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: { accounts: { accounts, activeAccountId: accounts[0]?.id ?? null, status: 'ready' } },
  })
}

const Blank = defineComponent({ render: () => h('div') })

export async function testRouter(path = '/sites'): Promise<Router> {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: Blank },
      { path: '/welcome', name: 'welcome', component: Blank },
      { path: '/sites', name: 'sites', component: Blank },
      { path: '/sites/:id', name: 'site', component: Blank },
      { path: '/tags', name: 'tags', component: Blank },
      { path: '/events', name: 'events', component: Blank },
      { path: '/accounts', name: 'accounts', component: Blank },
    ],
  })
  await router.push(path)
  await router.isReady()
  return router
}

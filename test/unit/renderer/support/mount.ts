// Mounting helpers: the fake API provided to the app the way main.ts provides window.api, a
// testing Pinia whose actions run for real against it, a memory router with the app's paths
// (blank, or the real view for the ones a test gives), and mounting into the document, where
// the tests find things by role and name like a person does.
/* eslint-disable vue/one-component-per-file -- tiny render-function hosts, not components to split out */
import { vi } from 'vitest'
import { createApp, defineComponent, h, type Component, type DefineComponent } from 'vue'
import { flushPromises, mount, type ComponentMountingOptions, type VueWrapper } from '@vue/test-utils'
import userEvent from '@testing-library/user-event'
import { createTestingPinia } from '@pinia/testing'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { RouterView, createMemoryHistory, createRouter, type RouteRecordRaw, type Router } from 'vue-router'
import type { Account } from '../../../../src/shared'
import { makeAccount, type FakeApi } from './fake-api'

export function testingPinia(accounts: Account[] = [makeAccount('a')]) {
  return createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: { accounts: { accounts, activeAccountId: accounts[0]?.id ?? null, status: 'ready' } },
  })
}

/**
 * For store tests without a component: a Pinia installed in an app that provides the fake,
 * so the stores' inject() finds it (Pinia runs store setup in its app's context), made active.
 */
export function storePinia(fake: FakeApi): Pinia {
  const pinia = createPinia()
  createApp(Blank).use(fake.plugin).use(pinia)
  setActivePinia(pinia)
  return pinia
}

const Blank = defineComponent({ render: () => h('div') })
export const RouterViewHost = defineComponent({ render: () => h(RouterView) })

const APP_ROUTES: ReadonlyArray<{ path: string; name?: string }> = [
  { path: '/' },
  { path: '/welcome', name: 'welcome' },
  { path: '/overview', name: 'overview' },
  { path: '/sites', name: 'sites' },
  { path: '/sites/:id', name: 'site' },
  { path: '/tags', name: 'tags' },
  { path: '/events', name: 'events' },
  { path: '/reports', name: 'reports' },
  { path: '/reports/print', name: 'report-print' },
  { path: '/accounts', name: 'accounts' },
  { path: '/settings', name: 'settings' },
  { path: '/about', name: 'about' },
]

/** `views`: the real components of the paths under test; every other path is blank. */
export async function testRouter(path = '/sites', views: ReadonlyArray<{ path: string; component: Component }> = []): Promise<Router> {
  const routes = APP_ROUTES.map(
    (route): RouteRecordRaw => ({ ...route, component: views.find((v) => v.path === route.path)?.component ?? Blank }),
  )
  const router = createRouter({ history: createMemoryHistory(), routes })
  await router.push(path)
  await router.isReady()
  return router
}

/**
 * Mounts into document.body, where Testing Library's `screen` looks (dialogs portal there
 * too), and remembers the wrapper so `unmountAll` can take every mounted tree down after a test.
 */
const mounted: VueWrapper[] = []
export function mountInBody(component: Component, options: Omit<ComponentMountingOptions<unknown>, 'attachTo'> = {}): VueWrapper {
  const wrapper = mount(component as DefineComponent, { ...(options as object), attachTo: document.body })
  mounted.push(wrapper)
  return wrapper
}

export function unmountAll(): void {
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  document.body.innerHTML = ''
}

/**
 * A component (or a route's view, when `route` names its path) with the fake provided, a
 * testing Pinia with these accounts and a memory router at `path`; answers settled.
 */
export async function mountView(
  component: Component,
  fake: FakeApi,
  options: { path?: string; route?: string; accounts?: Account[]; props?: Record<string, unknown>; pinia?: Pinia } = {},
) {
  const router = await testRouter(options.path ?? '/', options.route ? [{ path: options.route, component }] : [])
  const pinia = options.pinia ?? testingPinia(options.accounts)
  const root = options.route ? RouterViewHost : component
  const wrapper = mountInBody(root, { props: options.props, global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { wrapper, router, pinia, user: person() }
}

/** A person at the keyboard and mouse, for the clicks and typing of a test. */
export const person = () => userEvent.setup()

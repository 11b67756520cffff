// Mounting helpers: a testing Pinia whose actions run for real against the fake window.api,
// a memory router with the app's paths (blank, or the real view for the ones a test gives), and
// mounting into the document, where the tests find things by role and name like a person does.
import { vi } from 'vitest'
import { defineComponent, h, type Component, type DefineComponent } from 'vue'
import { mount, type ComponentMountingOptions, type VueWrapper } from '@vue/test-utils'
import userEvent from '@testing-library/user-event'
import { createTestingPinia } from '@pinia/testing'
import { createMemoryHistory, createRouter, type RouteRecordRaw, type Router } from 'vue-router'
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

const APP_ROUTES: ReadonlyArray<{ path: string; name?: string }> = [
  { path: '/' },
  { path: '/welcome', name: 'welcome' },
  { path: '/sites', name: 'sites' },
  { path: '/sites/:id', name: 'site' },
  { path: '/tags', name: 'tags' },
  { path: '/events', name: 'events' },
  { path: '/accounts', name: 'accounts' },
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

/** A person at the keyboard and mouse, for the clicks and typing of a test. */
export const person = () => userEvent.setup()

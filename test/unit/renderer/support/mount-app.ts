// The whole renderer in jsdom: the real App, router and stores over a fake API, provided as
// main.ts provides window.api. For the tests of the window as a whole (App.*.test.ts).
import { beforeEach, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createPinia, type Pinia } from 'pinia'
import type { Router } from 'vue-router'
import App from '../../../../src/renderer/src/App.vue'
import { createAppRouter } from '../../../../src/renderer/src/router'
import type { FakeApi } from './fake-api'
import { mountInBody } from './mount'

/** Each test starts at no address, with a do-nothing IntersectionObserver (jsdom has none). */
export function freshWindowEachTest(): void {
  beforeEach(() => {
    window.location.hash = ''
    vi.stubGlobal('IntersectionObserver', class { observe() {} unobserve() {} disconnect() {} })
  })
}

/** The app opened at `path` (the window's address, as after a restart on that page), settled. */
export async function mountApp(fake: FakeApi, path = '/sites'): Promise<{ router: Router; pinia: Pinia }> {
  window.location.hash = `#${path}`
  const pinia = createPinia()
  const router = createAppRouter(pinia)
  mountInBody(App, { global: { plugins: [fake.plugin, pinia, router] } })
  await router.isReady()
  await flushPromises()
  await flushPromises()
  return { router, pinia }
}

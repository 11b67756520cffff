// The theme: the Settings radio group applies a pick at once and saves it, a failed save puts
// the previous theme back and says so, System follows the system's scheme live, and the last
// choice is cached for the next start (main.ts paints it before core answers).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { defineComponent, h } from 'vue'
import SettingsView from '../../../../../src/renderer/src/views/SettingsView.vue'
import AppToaster from '../../../../../src/renderer/src/components/common/AppToaster.vue'
import { useTheme } from '../../../../../src/renderer/src/composables/useTheme'
import { applyTheme, cachedTheme } from '../../../../../src/renderer/src/lib/theme'
import type { AppSettings } from '../../../../../src/shared'
import { createFakeApi, deferred, fail, makeAccount, memoryCore, ok } from '../../support/fake-api'
import { mountView, unmountAll } from '../../support/mount'

/** A system colour scheme the test can change, as matchMedia reports it. */
function fakeSystem(initial: 'light' | 'dark') {
  let dark = initial === 'dark'
  const listeners = new Set<() => void>()
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : !dark
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }))
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark'
      for (const listener of listeners) listener()
    },
    listenerCount: () => listeners.size,
  }
}

beforeEach(() => {
  localStorage.clear()
  delete document.documentElement.dataset.theme
})
afterEach(() => {
  unmountAll()
  vi.unstubAllGlobals()
})

function api(settings: AppSettings = { syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 }) {
  let saved = settings
  return createFakeApi({
    ...memoryCore({ a: {} }).methods,
    settingsGet: async () => ok(saved),
    settingsSet: async (change) => ok((saved = { ...saved, ...change })),
  })
}

// The window's part (useTheme, the toasts) around the Settings view, as App.vue has it.
const Window = defineComponent({
  setup() {
    useTheme()
    return () => [h(SettingsView), h(AppToaster)]
  },
})

const root = () => document.documentElement
const group = () => screen.getByRole('group', { name: 'Theme' })
const radio = (name: string) => within(group()).getByRole<HTMLInputElement>('radio', { name })

describe('the theme', () => {
  it('applies a pick at once, saves it, and caches it for the next start', async () => {
    fakeSystem('light')
    const fake = api()
    const { user } = await mountView(Window, fake, { path: '/settings', accounts: [makeAccount('a')] })
    expect(radio('System').checked).toBe(true)
    expect(root().dataset.theme).toBe('light')

    await user.click(radio('Dark'))
    expect(root().dataset.theme).toBe('dark')
    expect(root().style.colorScheme).toBe('dark')
    await flushPromises()
    expect(fake.api.settingsSet).toHaveBeenCalledWith({ theme: 'dark' })
    expect(radio('Dark').checked).toBe(true)
    expect(cachedTheme()).toBe('dark')
  })

  it('shows the pick while it is being saved, and puts the previous theme back when the save fails', async () => {
    fakeSystem('light')
    const fake = api({ syncIntervalMinutes: 5, theme: 'light', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    const answer = deferred<Awaited<ReturnType<typeof fake.api.settingsSet>>>()
    fake.api.settingsSet.mockReturnValueOnce(answer.promise)
    const { user } = await mountView(Window, fake, { path: '/settings', accounts: [makeAccount('a')] })
    expect(radio('Light').checked).toBe(true)

    await user.click(radio('Dark'))
    expect(root().dataset.theme).toBe('dark')
    answer.resolve(fail({ code: 'internal', message: 'The settings file could not be written.' }))
    await flushPromises()
    expect(root().dataset.theme).toBe('light')
    expect(radio('Light').checked).toBe(true)
    expect(screen.getByRole('alert').textContent).toContain('Could not save the theme: The settings file could not be written.')
  })

  it('System follows the system scheme while the app is open; Light and Dark do not', async () => {
    const system = fakeSystem('dark')
    const fake = api()
    const { user } = await mountView(Window, fake, { path: '/settings', accounts: [makeAccount('a')] })
    expect(root().dataset.theme).toBe('dark')
    system.set('light')
    expect(root().dataset.theme).toBe('light')

    await user.click(radio('Dark'))
    await flushPromises()
    system.set('light')
    expect(root().dataset.theme).toBe('dark')
    unmountAll()
    expect(system.listenerCount()).toBe(0)
  })

  it('the cached theme paints before core answers, and the stored setting wins once read', async () => {
    fakeSystem('light')
    localStorage.setItem('site-manager.theme', 'dark')
    expect(applyTheme(cachedTheme())).toBe('dark')
    const fake = api({ syncIntervalMinutes: 5, theme: 'light', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    const answer = deferred<Awaited<ReturnType<typeof fake.api.settingsGet>>>()
    fake.api.settingsGet.mockReturnValue(answer.promise)
    await mountView(Window, fake, { path: '/settings', accounts: [makeAccount('a')] })
    expect(root().dataset.theme).toBe('dark')
    answer.resolve(ok({ syncIntervalMinutes: 5, theme: 'light', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 }))
    await flushPromises()
    expect(root().dataset.theme).toBe('light')
    expect(cachedTheme()).toBe('light')
  })

  it('ignores a cached value it does not know', () => {
    localStorage.setItem('site-manager.theme', 'purple')
    expect(cachedTheme()).toBe('system')
  })
})

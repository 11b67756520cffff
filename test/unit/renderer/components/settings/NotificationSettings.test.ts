// Settings > Notifications: the three causes are saved through settings:set (a failed save
// puts the box back and says so), and in the web shell the browser's permission is asked only
// on the person's click and shown as allowed, blocked (with how to unblock) or not asked.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { defineComponent, h } from 'vue'
import SettingsView from '../../../../../src/renderer/src/views/SettingsView.vue'
import AppToaster from '../../../../../src/renderer/src/components/common/AppToaster.vue'
import type { AppSettings } from '../../../../../src/shared'
import { createFakeApi, fail, makeAccount, memoryCore, ok } from '../../support/fake-api'
import { mountView, unmountAll } from '../../support/mount'

const SETTINGS: AppSettings = {
  syncIntervalMinutes: 5,
  theme: 'system',
  notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true },
} as AppSettings

function stubPermission(initial: 'default' | 'granted' | 'denied', answer: 'granted' | 'denied' = 'granted') {
  const requestPermission = vi.fn(async () => {
    Recording.permission = answer
    return answer
  })
  class Recording {
    static permission: string = initial
    static requestPermission = requestPermission
  }
  vi.stubGlobal('Notification', Recording)
  return requestPermission
}

function setup(options: { shell?: 'web' | 'electron'; saveFails?: boolean } = {}) {
  let saved: AppSettings = structuredClone(SETTINGS)
  const made = memoryCore({ a: {} })
  const fake = createFakeApi({
    ...made.methods,
    syncStates: async () => ok([]),
    appInfo: async () => ok({ name: 'Site Manager', version: '0.1.0', shell: options.shell ?? 'web', platform: 'linux' }),
    settingsGet: async () => ok(structuredClone(saved)),
    settingsSet: async (patch) => {
      if (options.saveFails) return fail({ code: 'internal', message: 'The disk is full.' })
      saved = { ...saved, ...patch } as AppSettings
      return ok(structuredClone(saved))
    },
  })
  return { fake, saved: () => saved }
}

const Page = defineComponent({ render: () => h('div', [h(SettingsView), h(AppToaster)]) })

afterEach(() => {
  unmountAll()
  vi.unstubAllGlobals()
})

describe('NotificationSettings', () => {
  it('saves each cause as it is ticked or unticked', async () => {
    stubPermission('granted')
    const { fake, saved } = setup()
    const { user } = await mountView(Page, fake, { accounts: [makeAccount('a')] })
    const section = within(await screen.findByRole('region', { name: 'Sync notifications' }))
    const box = section.getByRole('checkbox', { name: /More pending updates/ })
    expect((box as HTMLInputElement).checked).toBe(true)
    await user.click(box)
    await flushPromises()
    expect(fake.api.settingsSet).toHaveBeenCalledWith({ notifyOn: { newUpdateEvents: true, pendingRose: false, notChecked: true } })
    expect(saved().notifyOn.pendingRose).toBe(false)
    expect((box as HTMLInputElement).checked).toBe(false)
    expect((section.getByRole('checkbox', { name: /New extension updates/ }) as HTMLInputElement).checked).toBe(true)
  })

  it('a failed save puts the box back and says why', async () => {
    stubPermission('granted')
    const { fake } = setup({ saveFails: true })
    const { user } = await mountView(Page, fake, { accounts: [makeAccount('a')] })
    const section = within(await screen.findByRole('region', { name: 'Sync notifications' }))
    const box = section.getByRole('checkbox', { name: /Sites not checked for over 24 hours/ })
    await user.click(box)
    await flushPromises()
    expect((box as HTMLInputElement).checked).toBe(true)
    expect(await screen.findByText(/Could not save which notifications to show: The disk is full\./)).toBeVisible()
  })

  it('web shell: asks the browser only on a click, then says allowed', async () => {
    const requestPermission = stubPermission('default', 'granted')
    const { fake } = setup()
    const { user } = await mountView(Page, fake, { accounts: [makeAccount('a')] })
    const section = within(await screen.findByRole('region', { name: 'Sync notifications' }))
    expect(await section.findByText(/Not asked yet/)).toBeVisible()
    expect(requestPermission).not.toHaveBeenCalled()
    await user.click(section.getByRole('button', { name: 'Allow notifications in this browser' }))
    await flushPromises()
    expect(requestPermission).toHaveBeenCalledTimes(1)
    expect(section.getByText('Allowed: this browser shows the notifications.')).toBeVisible()
    expect(section.queryByRole('button', { name: 'Allow notifications in this browser' })).toBeNull()
  })

  it('web shell: a blocked permission says how to unblock, with no button that could not work', async () => {
    stubPermission('denied')
    const { fake } = setup()
    await mountView(Page, fake, { accounts: [makeAccount('a')] })
    const section = within(await screen.findByRole('region', { name: 'Sync notifications' }))
    expect(await section.findByText(/Blocked in this browser\. To unblock: .*set Notifications to Allow/)).toBeVisible()
    expect(section.queryByRole('button', { name: 'Allow notifications in this browser' })).toBeNull()
  })

  it('desktop: no browser permission part (the system shows the notifications)', async () => {
    stubPermission('default')
    const { fake } = setup({ shell: 'electron' })
    await mountView(Page, fake, { accounts: [makeAccount('a')] })
    const section = within(await screen.findByRole('region', { name: 'Sync notifications' }))
    expect((section.getByRole('checkbox', { name: /New extension updates/ }) as HTMLInputElement).checked).toBe(true)
    expect(section.queryByText(/Not asked yet/)).toBeNull()
    expect(section.queryByRole('button', { name: 'Allow notifications in this browser' })).toBeNull()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import type { AttentionSummary } from '../../../../src/shared'
import { useAttentionNotifications } from '../../../../src/renderer/src/composables/useAttentionNotifications'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useCommandsStore } from '../../../../src/renderer/src/stores/commands'
import { createFakeApi, makeAccount, makeSite, memoryCore, ok } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'

const Host = defineComponent({
  setup() {
    useAttentionNotifications()
    return () => h('div')
  },
})

interface Made {
  title: string
  options: { body?: string; tag?: string }
  onclick: (() => void) | null
}

/** The browser's Notification API as the page sees it: records what is made. */
function stubNotification(permission: 'granted' | 'default' | 'denied') {
  const made: Made[] = []
  class RecordingNotification {
    static permission: string = permission
    static requestPermission = vi.fn(async () => {
      RecordingNotification.permission = 'granted'
      return 'granted'
    })
    onclick: (() => void) | null = null
    constructor(
      public title: string,
      public options: { body?: string; tag?: string } = {},
    ) {
      made.push(this)
    }
    close(): void {}
  }
  vi.stubGlobal('Notification', RecordingNotification)
  return made
}

const ACCOUNTS = [makeAccount('a'), makeAccount('b')]

function summary(patch: Partial<AttentionSummary> = {}): AttentionSummary {
  return {
    accountId: 'b',
    accountLabel: 'Account b',
    title: 'Account b: 2 sites need attention',
    body: '2 sites have more pending updates',
    path: '/sites',
    query: { updates: '1' },
    counts: { newUpdateEvents: 0, pendingRose: 2, notChecked: 0 },
    ...patch,
  }
}

function setup(shell: 'web' | 'electron' = 'web') {
  const made = memoryCore({
    a: { sites: [makeSite(1, { updates_count: 2 }), makeSite(2, { updates_count: 3 })] },
    b: { sites: [makeSite(3, { updates_count: 4 }), makeSite(4, { updates_count: undefined })] },
  })
  const fake = createFakeApi({
    ...made.methods,
    appInfo: async () => ok({ name: 'Site Manager', version: '0.1.0', shell, platform: 'linux' }),
  })
  return { ...made, fake }
}

beforeEach(() => {
  document.title = 'Site Manager'
})

afterEach(() => {
  unmountAll()
  vi.unstubAllGlobals()
})

describe('useAttentionNotifications', () => {
  it('web shell: the tab title has the pending updates of every account, and follows another account\'s sync', async () => {
    stubNotification('granted')
    const { fake, data } = setup()
    await mountView(Host, fake, { path: '/settings', accounts: ACCOUNTS })
    await vi.waitFor(() => expect(document.title).toBe('(9) Site Manager'))
    data.b!.sites = [makeSite(3, { updates_count: 10 })]
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await vi.waitFor(() => expect(document.title).toBe('(15) Site Manager'))
  })

  it('web shell: a summary becomes one browser notification; its click switches to the account and opens the view', async () => {
    const made = stubNotification('granted')
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {})
    const { fake } = setup()
    const { router, pinia } = await mountView(Host, fake, { path: '/settings', accounts: ACCOUNTS })
    fake.emit('attention:summary', summary())
    await flushPromises()
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ title: 'Account b: 2 sites need attention', options: { body: '2 sites have more pending updates', tag: 'b' } })
    made[0]!.onclick!()
    await flushPromises()
    expect(focus).toHaveBeenCalled()
    expect(useAccountsStore(pinia).activeAccountId).toBe('b')
    expect(router.currentRoute.value.fullPath).toBe('/sites?updates=1')
  })

  it('a click in the All accounts scope leaves it for the account the notification is about', async () => {
    const made = stubNotification('granted')
    vi.spyOn(window, 'focus').mockImplementation(() => {})
    const { fake } = setup()
    const { router, pinia } = await mountView(Host, fake, { path: '/settings', accounts: ACCOUNTS })
    const accounts = useAccountsStore(pinia)
    accounts.showAll()
    expect(accounts.isAllScope).toBe(true)
    // About the active account itself: still one account's view, not every account's.
    fake.emit('attention:summary', summary({ accountId: 'a', accountLabel: 'Account a' }))
    await flushPromises()
    made[0]!.onclick!()
    await flushPromises()
    expect(accounts.isAllScope).toBe(false)
    expect(accounts.activeAccountId).toBe('a')
    expect(router.currentRoute.value.fullPath).toBe('/sites?updates=1')
  })

  it('web shell: no notification until the person allowed them', async () => {
    const made = stubNotification('default')
    const { fake } = setup()
    await mountView(Host, fake, { path: '/settings', accounts: ACCOUNTS })
    fake.emit('attention:summary', summary())
    await flushPromises()
    expect(made).toHaveLength(0)
  })

  it('desktop: shows no browser notification (main does) but routes app:navigate, switching to its account', async () => {
    const made = stubNotification('granted')
    const { fake } = setup('electron')
    const { router, pinia } = await mountView(Host, fake, { path: '/settings', accounts: ACCOUNTS })
    fake.emit('attention:summary', summary())
    fake.emit('app:navigate', { path: '/events', query: { type: 'update_extension_available', account: 'b' } })
    await flushPromises()
    expect(made).toHaveLength(0)
    expect(useAccountsStore(pinia).activeAccountId).toBe('b')
    expect(router.currentRoute.value.fullPath).toBe('/events?type=update_extension_available')
    // The desktop has the dock badge: the title is left alone.
    expect(document.title).toBe('Site Manager')
  })

  it('the palette offers to allow notifications while this browser was not asked, and Notification settings', async () => {
    stubNotification('default')
    const { fake } = setup()
    const { router, pinia } = await mountView(Host, fake, { path: '/sites', accounts: ACCOUNTS })
    const commands = useCommandsStore(pinia)
    const byId = (id: string) => commands.all.find((command) => command.id === id)
    await vi.waitFor(() => expect(byId('notifications.allow')?.title).toBe('Allow notifications in this browser'))
    await byId('notifications.allow')!.run()
    await flushPromises()
    expect((globalThis.Notification as unknown as { requestPermission: () => void }).requestPermission).toHaveBeenCalledTimes(1)
    expect(byId('notifications.allow')).toBeUndefined()
    await byId('notifications.settings')!.run()
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/settings')
  })
})

// The router's first guard and the accounts' load main.ts starts before the window mounts:
// the first navigation waits for that load (it does not take "loading" for "no accounts" and
// send the person to the welcome screen) and does not ask core a second time.
import { describe, expect, it } from 'vitest'
import { createApp, h } from 'vue'
import { createPinia } from 'pinia'
import { createAppRouter } from '../../../src/renderer/src/router'
import { useAccountsStore } from '../../../src/renderer/src/stores/accounts'
import { createFakeApi, deferred, makeAccount, ok } from './support/fake-api'
import type { AccountsState, Result } from '../../../src/shared'

const accounts: AccountsState = { accounts: [makeAccount('a1')], lastActiveId: 'a1' }

describe('the first navigation and the accounts load started before mounting', () => {
  it('waits for that load, lands where the address asked, and asks for the accounts once', async () => {
    const answer = deferred<Result<AccountsState>>()
    const fake = createFakeApi({ accountsList: () => answer.promise, prefsGet: async () => ok(null) })
    window.location.hash = '#/sites'
    const pinia = createPinia()
    const app = createApp({ render: () => h('div') }).use(fake.plugin).use(pinia)
    const firstLoad = useAccountsStore(pinia).load()
    const router = createAppRouter(pinia, firstLoad)
    app.use(router)
    // The answer comes once the first navigation is under way.
    await new Promise((resolve) => setTimeout(resolve, 0))
    answer.resolve(ok(accounts))
    await router.isReady()
    expect(router.currentRoute.value.name).toBe('sites')
    expect(fake.api.accountsList).toHaveBeenCalledTimes(1)
  })
})

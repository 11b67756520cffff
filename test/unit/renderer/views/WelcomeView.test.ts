import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/dom'
import WelcomeView from '../../../../src/renderer/src/views/WelcomeView.vue'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { errorOf } from '../support/a11y'
import { flushPromises } from '@vue/test-utils'
import { createFakeApi, fail, makeAccount, ok, type FakeApi } from '../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../support/mount'

afterEach(unmountAll)

async function mountView(fake: FakeApi) {
  const router = await testRouter('/welcome')
  const pinia = testingPinia([])
  mountInBody(WelcomeView, { global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { router, accounts: useAccountsStore(pinia), user: person() }
}

const labelField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Label' })
const urlField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'API address' })
// A password field has no role: it is found by its label, as a screen reader user hears it.
const tokenField = () => screen.getByLabelText<HTMLInputElement>('Token')
const addAccount = () => screen.getByRole('button', { name: 'Add account' })

describe('WelcomeView', () => {
  it('adds the first account with a masked token that can be shown', async () => {
    const fake = createFakeApi({
      appInfo: async () => ok({ name: 'Site Manager', version: '1.2.3', shell: 'web', platform: 'linux' }),
      accountsAdd: async ({ label }) => ok(makeAccount('n', { label })),
      accountsSetActive: async () => ok(undefined),
    })
    const { router, accounts, user } = await mountView(fake)
    expect(screen.getByText('Version 1.2.3')).toBeVisible()
    expect(tokenField().type).toBe('password')
    await user.click(screen.getByRole('button', { name: 'Show token' }))
    expect(tokenField().type).toBe('text')
    await user.type(labelField(), 'Agency')
    await user.type(urlField(), 'https://api.example.com/v1')
    await user.type(tokenField(), 'secret')
    await user.click(addAccount())
    await flushPromises()
    expect(fake.api.accountsAdd).toHaveBeenCalledWith({ label: 'Agency', baseUrl: 'https://api.example.com/v1', token: 'secret' })
    expect(accounts.activeAccount?.label).toBe('Agency')
    expect(router.currentRoute.value.path).toBe('/overview')
  })

  it('checks the fields first and puts a refused token on the token field', async () => {
    const fake = createFakeApi({
      appInfo: async () => ok({ name: 'Site Manager', version: '1.2.3', shell: 'web', platform: 'linux' }),
      accountsAdd: async () => fail({ code: 'unauthorized', message: 'The server refused the token.' }),
    })
    const { user } = await mountView(fake)
    await user.type(urlField(), 'not a url')
    await user.click(addAccount())
    await flushPromises()
    expect(errorOf(labelField())).toBe('Label is required.')
    expect(errorOf(urlField())).toMatch(/http/)
    expect(fake.api.accountsAdd).not.toHaveBeenCalled()

    await user.type(labelField(), 'Agency')
    await user.clear(urlField())
    await user.type(urlField(), 'https://api.example.com/v1')
    await user.type(tokenField(), 'wrong')
    await user.click(addAccount())
    await flushPromises()
    expect(errorOf(tokenField())).toContain('refused this token')
    expect(labelField().value).toBe('Agency')
  })

  it('opens the demo workspace', async () => {
    const fake = createFakeApi({
      appInfo: async () => ok({ name: 'Site Manager', version: '1.2.3', shell: 'web', platform: 'linux' }),
      demoOpen: async () => ok(makeAccount('demo', { kind: 'demo', label: 'Demo' })),
      accountsSetActive: async () => ok(undefined),
    })
    const { router, accounts, user } = await mountView(fake)
    await user.click(screen.getByRole('button', { name: 'Open demo workspace' }))
    await flushPromises()
    expect(accounts.activeAccount?.kind).toBe('demo')
    expect(router.currentRoute.value.path).toBe('/overview')
  })
})

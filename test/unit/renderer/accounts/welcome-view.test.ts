import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import WelcomeView from '../../../../src/renderer/src/views/WelcomeView.vue'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { fail, installFakeApi, makeAccount, ok, settle } from '../support/fake-api'
import { testingPinia, testRouter } from '../support/mount'

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

async function mountView() {
  const router = await testRouter('/welcome')
  const pinia = testingPinia([])
  wrapper = mount(WelcomeView, { global: { plugins: [pinia, router] }, attachTo: document.body })
  await settle()
  return { wrapper, router, accounts: useAccountsStore(pinia) }
}

describe('WelcomeView', () => {
  it('adds the first account with a masked token that can be shown', async () => {
    const fake = installFakeApi({
      appInfo: async () => ok({ name: 'Site Manager', version: '1.2.3', shell: 'web', platform: 'linux' }),
      accountsAdd: async ({ label }) => ok(makeAccount('n', { label })),
      accountsSetActive: async () => ok(undefined),
    })
    const { wrapper, router, accounts } = await mountView()
    expect(wrapper.find('[data-testid="app-version"]').text()).toBe('Version 1.2.3')
    const token = wrapper.find('#account-token')
    expect(token.attributes('type')).toBe('password')
    await wrapper.find('button[aria-label="Show token"]').trigger('click')
    expect(token.attributes('type')).toBe('text')
    await wrapper.find('#account-label').setValue('Agency')
    await wrapper.find('#account-url').setValue('https://api.example.com/v1')
    await token.setValue('secret')
    await wrapper.find('form').trigger('submit')
    await settle()
    expect(fake.api.accountsAdd).toHaveBeenCalledWith({ label: 'Agency', baseUrl: 'https://api.example.com/v1', token: 'secret' })
    expect(accounts.activeAccount?.label).toBe('Agency')
    expect(router.currentRoute.value.path).toBe('/sites')
  })

  it('checks the fields first and puts a refused token on the token field', async () => {
    const fake = installFakeApi({
      appInfo: async () => ok({ name: 'Site Manager', version: '1.2.3', shell: 'web', platform: 'linux' }),
      accountsAdd: async () => fail({ code: 'unauthorized', message: 'The server refused the token.' }),
    })
    const { wrapper } = await mountView()
    await wrapper.find('#account-url').setValue('not a url')
    await wrapper.find('form').trigger('submit')
    expect(wrapper.find('#account-label-error').text()).toBe('Label is required.')
    expect(wrapper.find('#account-url-error').text()).toMatch(/http/)
    expect(fake.api.accountsAdd).not.toHaveBeenCalled()

    await wrapper.find('#account-label').setValue('Agency')
    await wrapper.find('#account-url').setValue('https://api.example.com/v1')
    await wrapper.find('#account-token').setValue('wrong')
    await wrapper.find('form').trigger('submit')
    await settle()
    expect(wrapper.find('#account-token-error').text()).toContain('refused this token')
    expect((wrapper.find('#account-label').element as HTMLInputElement).value).toBe('Agency')
  })

  it('opens the demo workspace', async () => {
    installFakeApi({
      appInfo: async () => ok({ name: 'Site Manager', version: '1.2.3', shell: 'web', platform: 'linux' }),
      demoOpen: async () => ok(makeAccount('demo', { kind: 'demo', label: 'Demo' })),
      accountsSetActive: async () => ok(undefined),
    })
    const { wrapper, router, accounts } = await mountView()
    await wrapper.findAll('button').find((b) => b.text() === 'Open demo workspace')!.trigger('click')
    await settle()
    expect(accounts.activeAccount?.kind).toBe('demo')
    expect(router.currentRoute.value.path).toBe('/sites')
  })
})

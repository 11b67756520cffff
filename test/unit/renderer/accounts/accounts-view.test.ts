import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import AccountsView from '../../../../src/renderer/src/views/AccountsView.vue'
import TokenBanner from '../../../../src/renderer/src/components/layout/TokenBanner.vue'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { fail, installFakeApi, makeAccount, ok, settle } from '../support/fake-api'
import { testingPinia, testRouter } from '../support/mount'

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

async function mountWith(component: typeof AccountsView | typeof TokenBanner, accounts = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]) {
  const router = await testRouter('/accounts')
  const pinia = testingPinia(accounts)
  wrapper = mount(component, { global: { plugins: [pinia, router] }, attachTo: document.body })
  await settle()
  return { wrapper, store: useAccountsStore(pinia) }
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name)!

describe('AccountsView', () => {
  it('lists the accounts, marks the active one, and switches', async () => {
    installFakeApi({ accountsSetActive: async () => ok(undefined) })
    const { wrapper, store } = await mountWith(AccountsView)
    const rows = wrapper.findAll('li')
    expect(rows.map((r) => r.find('h3').text())).toEqual(['Agency', 'Freelance'])
    expect(rows[0]!.text()).toContain('Active')
    button('Switch to Freelance').click()
    expect(store.activeAccountId).toBe('b')
  })

  it('renames inline', async () => {
    const fake = installFakeApi({ accountsRename: async ({ accountId, label }) => ok(makeAccount(accountId, { label })) })
    const { wrapper } = await mountWith(AccountsView)
    button('Rename Agency').click()
    await settle()
    const input = wrapper.find('#rename-a')
    await input.setValue('Agency EU')
    await wrapper.find('form.rename').trigger('submit')
    await settle()
    expect(fake.api.accountsRename).toHaveBeenCalledWith({ accountId: 'a', label: 'Agency EU' })
    expect(wrapper.findAll('h3').map((h) => h.text())).toContain('Agency EU')
  })

  it('removes only after confirming, and explains a failure', async () => {
    const fake = installFakeApi({
      accountsRemove: async () => fail({ code: 'keychain_unavailable', message: 'The keychain is locked.' }),
      accountsSetActive: async () => ok(undefined),
    })
    const { store } = await mountWith(AccountsView)
    button('Remove Freelance').click()
    await settle()
    const dialog = () => document.querySelector('[role="alertdialog"]')!
    expect(dialog().textContent).toContain('Remove “Freelance”?')
    ;[...dialog().querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Remove account')!.click()
    await settle()
    expect(dialog().textContent).toContain('The keychain is locked.')
    expect(store.accounts).toHaveLength(2)
    fake.api.accountsRemove.mockResolvedValue(ok(undefined))
    ;[...dialog().querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Remove account')!.click()
    await settle()
    expect(store.accounts.map((a) => a.label)).toEqual(['Agency'])
  })
})

describe('TokenBanner', () => {
  it('appears for a refused token and takes a new one', async () => {
    const fake = installFakeApi({ accountsReplaceToken: async () => ok(makeAccount('a', { label: 'Agency', tokenState: 'ok' })) })
    const { wrapper, store } = await mountWith(TokenBanner, [makeAccount('a', { label: 'Agency', tokenState: 'refused' })])
    expect(wrapper.find('[role="alert"]').text()).toContain('The server refused the token of “Agency”')
    button('Enter new token').click()
    await settle()
    const token = document.getElementById('replace-token') as HTMLInputElement
    expect(token.type).toBe('password')
    token.value = 'fresh'
    token.dispatchEvent(new Event('input'))
    await settle()
    button('Save token').click()
    await settle()
    expect(fake.api.accountsReplaceToken).toHaveBeenCalledWith({ accountId: 'a', token: 'fresh' })
    expect(store.activeAccount?.tokenState).toBe('ok')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
  })

  it('for a locked keychain asks to unlock and retry, not for a new token', async () => {
    const fake = installFakeApi({
      accountsList: async () => ok({ accounts: [makeAccount('a', { label: 'Agency', tokenState: 'ok' })], lastActiveId: 'a' }),
    })
    const { wrapper, store } = await mountWith(TokenBanner, [makeAccount('a', { label: 'Agency', tokenState: 'unavailable' })])
    expect(wrapper.find('[role="alert"]').text()).toContain('keychain is locked or not running')
    expect(button('Enter new token')).toBeUndefined()
    button('Retry').click()
    await settle()
    expect(fake.api.accountsList).toHaveBeenCalled()
    expect(store.activeAccount?.tokenState).toBe('ok')
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
  })
})

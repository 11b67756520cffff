import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/dom'
import AccountsView from '../../../../src/renderer/src/views/AccountsView.vue'
import TokenBanner from '../../../../src/renderer/src/components/layout/TokenBanner.vue'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { flushPromises } from '@vue/test-utils'
import { createFakeApi, fail, makeAccount, ok, type FakeApi } from '../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../support/mount'

afterEach(unmountAll)

/** In the open "New token for Agency" dialog: a masked field, the token typed, Save token. */
async function saveNewToken(user: ReturnType<typeof person>, token: string): Promise<void> {
  const dialog = screen.getByRole('dialog', { name: 'New token for Agency' })
  const field = within(dialog).getByLabelText<HTMLInputElement>('Token')
  expect(field.type).toBe('password')
  await user.type(field, token)
  await user.click(within(dialog).getByRole('button', { name: 'Save token' }))
  await flushPromises()
}

async function mountWith(fake: FakeApi, component: typeof AccountsView | typeof TokenBanner, accounts = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]) {
  const router = await testRouter('/accounts')
  const pinia = testingPinia(accounts)
  mountInBody(component, { global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { store: useAccountsStore(pinia), user: person() }
}

const accountRows = () => within(screen.getByRole('list', { name: 'Accounts' })).getAllByRole('listitem')
const accountLabels = () => accountRows().map((row) => within(row).getByRole('heading', { level: 2 }).textContent)

describe('AccountsView', () => {
  it('lists the accounts, marks the active one, and switches', async () => {
    const fake = createFakeApi({ accountsSetActive: async () => ok(undefined) })
    const { store, user } = await mountWith(fake, AccountsView)
    expect(accountLabels()).toEqual(['Agency', 'Freelance'])
    expect(within(accountRows()[0]!).getByText('Active')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Switch to Freelance' }))
    expect(store.activeAccountId).toBe('b')
  })

  it('renames inline', async () => {
    const fake = createFakeApi({ accountsRename: async ({ accountId, label }) => ok(makeAccount(accountId, { label })) })
    const { user } = await mountWith(fake, AccountsView)
    await user.click(screen.getByRole('button', { name: 'Rename Agency' }))
    await flushPromises()
    const input = screen.getByRole('textbox', { name: 'New label for Agency' })
    await user.clear(input)
    await user.type(input, 'Agency EU')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await flushPromises()
    expect(fake.api.accountsRename).toHaveBeenCalledWith({ accountId: 'a', label: 'Agency EU' })
    expect(accountLabels()).toContain('Agency EU')
  })

  it('replaces a token through a dialog with a masked field', async () => {
    const fake = createFakeApi({
      accountsReplaceToken: async ({ accountId }) => ok(makeAccount(accountId, { label: 'Agency', tokenState: 'ok' })),
    })
    const { store, user } = await mountWith(fake, AccountsView, [
      makeAccount('a', { label: 'Agency', tokenState: 'refused' }),
      makeAccount('b', { label: 'Freelance' }),
    ])
    expect(within(accountRows()[0]!).getByText('Token refused')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Replace token of Agency' }))
    await flushPromises()
    await saveNewToken(user, 'fresh')
    expect(fake.api.accountsReplaceToken).toHaveBeenCalledWith({ accountId: 'a', token: 'fresh' })
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull()
    expect(store.accounts.find((a) => a.id === 'a')?.tokenState).toBe('ok')
    expect(within(accountRows()[0]!).queryByText('Token refused')).toBeNull()
  })

  it('removes only after confirming, and explains a failure', async () => {
    const fake = createFakeApi({
      accountsRemove: async () => fail({ code: 'keychain_unavailable', message: 'The keychain is locked.' }),
      accountsSetActive: async () => ok(undefined),
    })
    const { store, user } = await mountWith(fake, AccountsView)
    await user.click(screen.getByRole('button', { name: 'Remove Freelance' }))
    await flushPromises()
    const dialog = screen.getByRole('alertdialog', { name: 'Remove “Freelance”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    await flushPromises()
    expect(within(dialog).getByRole('alert').textContent).toContain('The keychain is locked.')
    expect(store.accounts).toHaveLength(2)
    fake.api.accountsRemove.mockResolvedValue(ok(undefined))
    await user.click(within(dialog).getByRole('button', { name: 'Remove account' }))
    await flushPromises()
    expect(store.accounts.map((a) => a.label)).toEqual(['Agency'])
  })
})

describe('TokenBanner', () => {
  it('appears for a refused token and takes a new one', async () => {
    const fake = createFakeApi({ accountsReplaceToken: async () => ok(makeAccount('a', { label: 'Agency', tokenState: 'ok' })) })
    const { store, user } = await mountWith(fake, TokenBanner, [makeAccount('a', { label: 'Agency', tokenState: 'refused' })])
    expect(screen.getByRole('alert').textContent).toContain('The server refused the token of “Agency”')
    await user.click(screen.getByRole('button', { name: 'Enter new token' }))
    await flushPromises()
    await saveNewToken(user, 'fresh')
    expect(fake.api.accountsReplaceToken).toHaveBeenCalledWith({ accountId: 'a', token: 'fresh' })
    expect(store.activeAccount?.tokenState).toBe('ok')
    // hidden: also not in the tree while a dialog hides the rest from assistive technology.
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull()
  })

  it('for a locked keychain asks to unlock and retry, not for a new token', async () => {
    const fake = createFakeApi({
      accountsList: async () => ok({ accounts: [makeAccount('a', { label: 'Agency', tokenState: 'ok' })], lastActiveId: 'a' }),
    })
    const { store, user } = await mountWith(fake, TokenBanner, [makeAccount('a', { label: 'Agency', tokenState: 'unavailable' })])
    expect(screen.getByRole('alert').textContent).toContain('keychain is locked or not running')
    expect(screen.queryByRole('button', { name: 'Enter new token', hidden: true })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(fake.api.accountsList).toHaveBeenCalled()
    expect(store.activeAccount?.tokenState).toBe('ok')
    expect(screen.queryByRole('alert', { hidden: true })).toBeNull()
  })
})

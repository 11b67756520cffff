// The Add account form's feedback: core's refusal of an account already added lands on the
// token field naming that account, with the focus there and no toast repeating it; an added
// account is reported in a toast.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import AddAccountForm from '../../../../../src/renderer/src/components/accounts/AddAccountForm.vue'
import AppToaster from '../../../../../src/renderer/src/components/common/AppToaster.vue'
import { errorOf } from '../../support/a11y'
import { createFakeApi, fail, makeAccount, ok, type FakeApi } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const DUPLICATE = 'This address and token are already added as "Agency".'

async function mountForm(fake: FakeApi) {
  const router = await testRouter('/accounts')
  const Host = defineComponent({ setup: () => () => [h(AddAccountForm), h(AppToaster)] })
  mountInBody(Host, { global: { plugins: [fake.plugin, testingPinia([makeAccount('a', { label: 'Agency' })]), router] } })
  await flushPromises()
  const user = person()
  await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Agency again')
  await user.type(screen.getByRole('textbox', { name: 'API address' }), 'https://api.example.com/v1')
  await user.type(screen.getByLabelText('Token'), 'same-token')
  await user.click(screen.getByRole('button', { name: 'Add account' }))
  await flushPromises()
}

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }))

describe('Add account feedback', () => {
  it('shows a duplicate refusal on the token field, naming the account, and focuses it', async () => {
    const fake = createFakeApi({
      accountsAdd: async () => fail({ code: 'invalid_input', message: DUPLICATE, fields: { token: [DUPLICATE] } }),
    })
    await mountForm(fake)
    const token = screen.getByLabelText('Token')
    expect(errorOf(token)).toBe(DUPLICATE)
    expect(document.activeElement).toBe(token)
    expect(toasts().queryByRole('alert')).toBeNull()
  })

  it('reports an added account in a toast', async () => {
    const fake = createFakeApi({
      accountsAdd: async ({ label }) => ok(makeAccount('n', { label })),
      accountsSetActive: async () => ok(undefined),
    })
    await mountForm(fake)
    expect(toasts().getByRole('status').textContent).toContain('Account “Agency again” added.')
  })

  it('reports a failure that is not about a field in a toast as well as in the form', async () => {
    const fake = createFakeApi({ accountsAdd: async () => fail({ code: 'network', message: 'Cannot reach api.example.com.' }) })
    await mountForm(fake)
    expect(toasts().getByRole('alert').textContent).toContain('Could not add account “Agency again”. Cannot reach api.example.com.')
  })
})

/* eslint-disable vue/one-component-per-file -- tiny render-function hosts (dialog beside the toaster), not components to split out */
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, ref } from 'vue'
import { screen, within } from '@testing-library/dom'
import type { VueWrapper } from '@vue/test-utils'
import AddSiteDialog from '../../../../../src/renderer/src/components/sites/AddSiteDialog.vue'
import AppToaster from '../../../../../src/renderer/src/components/common/AppToaster.vue'
import { useAccountsStore } from '../../../../../src/renderer/src/stores/accounts'
import { useSitesStore } from '../../../../../src/renderer/src/stores/sites'
import { useCommandsStore } from '../../../../../src/renderer/src/stores/commands'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { errorOf } from '../../support/a11y'
import { flushPromises } from '@vue/test-utils'
import { createFakeApi, fail, makeAccount, makeSite, makeTag, memoryCore, ok, type AccountData } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

afterEach(unmountAll)

/** The fake core with these accounts (a by default), its tags and no sites. */
function api(accounts: Record<string, Partial<AccountData>> = { a: {} }) {
  const core = memoryCore(accounts)
  return createFakeApi(core.methods)
}

async function mountDialog(fake: ReturnType<typeof api>, pinia = testingPinia()) {
  const router = await testRouter()
  const wrapper: VueWrapper = mountInBody(AddSiteDialog, {
    props: { open: true, 'onUpdate:open': (value: boolean) => wrapper.setProps({ open: value }) },
    global: { plugins: [fake.plugin, pinia, router] },
  })
  await flushPromises()
  return { wrapper, user: person() }
}

const dialog = () => screen.getByRole('dialog')
const field = (name: string) => within(dialog()).getByRole('textbox', { name })
// A password field has no role: it is found by its label, as a screen reader user hears it.
const privateKey = () => within(dialog()).getByLabelText<HTMLInputElement>(/^Private key/)
const tagBox = (name: string) => within(within(dialog()).getByRole('group', { name: /^Tags/ })).getByRole<HTMLInputElement>('checkbox', { name })

describe('AddSiteDialog', () => {
  it('is a titled dialog with labelled fields, the key masked, and the account tags to pick', async () => {
    const { user } = await mountDialog(api({ a: { tags: [makeTag(7, 'VIP'), makeTag(8, 'Shop')] } }))
    expect(screen.getByRole('dialog', { name: 'New site in Account a' })).toBe(dialog())
    for (const label of ['Name', 'CMS id', 'Address', 'Admin address', 'Private key', 'Text to look for', 'Notes']) {
      expect(within(dialog()).getByLabelText(new RegExp(`^${label}( \\(optional\\))?$`))).toBeVisible()
    }
    expect(privateKey().type).toBe('password')
    await user.click(within(dialog()).getByRole('button', { name: 'Show private key' }))
    await flushPromises()
    expect(privateKey().type).toBe('text')
    expect(tagBox('VIP')).toBeVisible()
  })

  it('checks required fields and the address shape before sending anything', async () => {
    const fake = api()
    const { user } = await mountDialog(fake)
    await user.type(field('Address'), 'not an address')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(errorOf(field('Name'))).toBe('Name is required.')
    expect(errorOf(field('Address'))).toMatch(/http/)
    expect(field('Name').getAttribute('aria-invalid')).toBe('true')
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()
    // Fixing a field takes its message away; the other field keeps its own.
    await user.type(field('Name'), 'Shop')
    await flushPromises()
    expect(errorOf(field('Name'))).toBe('')
    expect(errorOf(field('Address'))).toMatch(/http/)
  })

  it('shows the server 422 messages on their fields and keeps everything typed', async () => {
    const fake = api({ a: { tags: [makeTag(7, 'VIP')] } })
    fake.api.sitesCreate.mockResolvedValue(
      fail({
        code: 'validation',
        message: 'The name has already been taken.',
        fields: { name: ['The name has already been taken.'], 'tags.0': ['The selected tags.0 is invalid.'] },
      }),
    )
    const { wrapper, user } = await mountDialog(fake)
    await user.type(field('Name'), 'Shop')
    await user.type(field('Address'), 'https://shop.example.com')
    await user.type(privateKey(), 'secret-key')
    await user.click(tagBox('VIP'))
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenCalledWith({
      accountId: 'a',
      site: { name: 'Shop', url: 'https://shop.example.com', private_key: 'secret-key', tags: [7] },
    })
    expect(errorOf(field('Name'))).toBe('The name has already been taken.')
    expect(errorOf(within(dialog()).getByRole('group', { name: /^Tags/ }))).toContain('tags.0')
    expect((field('Name') as HTMLInputElement).value).toBe('Shop')
    expect(privateKey().value).toBe('secret-key')
    expect(wrapper.emitted('created')).toBeUndefined()
  })

  it('explains a failure that is not about a field, keeping the form', async () => {
    const fake = api()
    fake.api.sitesCreate.mockResolvedValue(fail({ code: 'network', message: 'Cannot connect to api.example.com.' }))
    const { user } = await mountDialog(fake)
    await user.type(field('Name'), 'Shop')
    await user.type(field('Address'), 'https://shop.example.com')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(within(dialog()).getByRole('alert').textContent).toContain('Cannot connect to api.example.com.')
    expect((field('Name') as HTMLInputElement).value).toBe('Shop')
  })

  it('after success closes, tells which site was created and shows it without waiting for a sync', async () => {
    const fake = api()
    fake.api.sitesCreate.mockResolvedValue(ok(makeSite(42, { name: 'Shop' })))
    const pinia = testingPinia()
    const { wrapper, user } = await mountDialog(fake, pinia)
    await user.type(field('Name'), 'Shop')
    await user.type(field('Address'), 'https://shop.example.com')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(wrapper.emitted('created')).toEqual([[42]])
    expect(useSitesStore(pinia).siteIn('a', 42)?.name).toBe('Shop')
    expect(wrapper.emitted('update:open')?.at(-1)).toEqual([false])
  })

  it('keeps a draft per account: nothing typed for one account is shown or sent under another', async () => {
    const fake = api({ a: { tags: [makeTag(7, 'VIP')] }, b: { tags: [makeTag(9, 'Other')] } })
    fake.api.sitesCreate.mockResolvedValue(fail({ code: 'validation', message: 'Invalid.', fields: { name: ['Taken in A.'] } }))
    const pinia = testingPinia([makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Beta' })])
    const { user } = await mountDialog(fake, pinia)
    const accounts = useAccountsStore(pinia)
    expect(screen.getByRole('dialog', { name: 'New site in Agency' })).toBeVisible()

    await user.type(field('Name'), 'Shop A')
    await user.type(field('Address'), 'https://a.example.com')
    await user.type(privateKey(), 'secret-of-a')
    await user.click(tagBox('VIP'))
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(errorOf(field('Name'))).toBe('Taken in A.')

    accounts.setActive('b')
    await flushPromises()
    expect(screen.getByRole('dialog', { name: 'New site in Beta' })).toBeVisible()
    expect(within(dialog()).getByText(/Add a website for Beta/)).toBeVisible()
    for (const input of [field('Name'), field('Address'), privateKey()]) expect((input as HTMLInputElement).value).toBe('')
    expect(errorOf(field('Name'))).toBe('')
    expect(screen.queryByRole('checkbox', { name: 'VIP', hidden: true })).toBeNull()
    expect(document.body.textContent).not.toContain('VIP')

    await user.type(field('Name'), 'Shop B')
    await user.type(field('Address'), 'https://b.example.com')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenLastCalledWith({
      accountId: 'b',
      site: { name: 'Shop B', url: 'https://b.example.com' },
    })

    accounts.setActive('a')
    await flushPromises()
    expect((field('Name') as HTMLInputElement).value).toBe('Shop A')
    expect(privateKey().value).toBe('secret-of-a')
    expect(tagBox('VIP').checked).toBe(true)
  })

  it('offers https:// for a bare host when the field is left, and fills it in', async () => {
    const fake = api()
    const { user } = await mountDialog(fake)
    await user.type(field('Name'), 'Harbor')
    await user.type(field('Address'), 'harbor-hardware')
    await user.tab()
    await flushPromises()
    expect(within(dialog()).getByRole('status', { name: '' }).textContent).toBe('Use https://harbor-hardware?')
    expect(errorOf(field('Address'))).toBe('')
    await user.click(within(dialog()).getByRole('button', { name: 'Use this address' }))
    await flushPromises()
    expect((field('Address') as HTMLInputElement).value).toBe('https://harbor-hardware')
    expect(within(dialog()).queryByText('Use https://harbor-hardware?')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenCalledWith({ accountId: 'a', site: { name: 'Harbor', url: 'https://harbor-hardware' } })
  })

  it('on submit shows the suggestion for a bare host with a path, not an error, and sends nothing', async () => {
    const fake = api()
    const { user } = await mountDialog(fake)
    await user.type(field('Name'), 'Harbor')
    await user.type(field('Address'), 'harbor-hardware.com/shop')
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(within(dialog()).getByText('Use https://harbor-hardware.com/shop?')).toBeVisible()
    expect(field('Address').getAttribute('aria-describedby')).toContain('site-url-suggestion')
    expect(errorOf(field('Address'))).toBe('')
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()
  })

  it('refuses a name over 255 characters and a CMS id of 0 on their fields, and explains the CMS id', async () => {
    const fake = api()
    const { user } = await mountDialog(fake)
    const cms = within(dialog()).getByRole('textbox', { name: /^CMS id/ })
    // The explanation is what a screen reader reads with the field, and it is on screen.
    const description = (cms.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
    expect(description).toMatch(/The id of the site in your CMS, a whole number from 1; leave empty if you do not know it/)
    expect(within(dialog()).getByText(/The id of the site in your CMS, a whole number from 1; leave empty if you do not know it/)).toBeVisible()
    await user.click(field('Name'))
    await user.paste('n'.repeat(300))
    await user.type(field('Address'), 'https://long.example.com')
    await user.type(cms, '0')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(errorOf(field('Name'))).toBe('Name must be at most 255 characters (it has 300).')
    expect(errorOf(cms)).toBe('CMS id must be a whole number from 1.')
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()
  })

  it("puts core's refusals (site.cms_id, site.monitor.look_for_string) on their fields", async () => {
    const fake = api()
    fake.api.sitesCreate.mockResolvedValue(
      fail({
        code: 'invalid_input',
        message: 'The request was not valid (site.cms_id: too big).',
        fields: { 'site.cms_id': ['is too big'], 'site.monitor.look_for_string': ['must be at most 1000 characters'] },
      }),
    )
    const { user } = await mountDialog(fake)
    await user.type(field('Name'), 'Shop')
    await user.type(field('Address'), 'https://shop.example.com')
    await user.type(within(dialog()).getByRole('textbox', { name: /^CMS id/ }), '99999999999999')
    await user.type(within(dialog()).getByRole('textbox', { name: /^Text to look for/ }), 'Welcome')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(errorOf(within(dialog()).getByRole('textbox', { name: /^CMS id/ }))).toBe('CMS id is too big.')
    expect(errorOf(within(dialog()).getByRole('textbox', { name: /^Text to look for/ }))).toBe('Text to look for must be at most 1000 characters.')
    expect(within(dialog()).queryByRole('alert')).toBeNull()
  })

  it('says a draft was restored when it reopens with one, and Discard draft clears it', async () => {
    const fake = api()
    const { wrapper, user } = await mountDialog(fake)
    expect(within(dialog()).queryByText(/Draft restored/)).toBeNull()
    await user.type(field('Name'), 'Abandoned')
    await user.type(privateKey(), 'secret')
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))
    await flushPromises()
    expect(screen.queryByRole('dialog')).toBeNull()

    await wrapper.setProps({ open: true })
    await flushPromises()
    expect(within(dialog()).getByText(/Draft restored/)).toBeVisible()
    expect((field('Name') as HTMLInputElement).value).toBe('Abandoned')
    await user.click(within(dialog()).getByRole('button', { name: 'Discard draft' }))
    await flushPromises()
    expect((field('Name') as HTMLInputElement).value).toBe('')
    expect(privateKey().value).toBe('')
    expect(within(dialog()).queryByText(/Draft restored/)).toBeNull()

    // Nothing left to restore next time.
    await wrapper.setProps({ open: false })
    await wrapper.setProps({ open: true })
    await flushPromises()
    expect(within(dialog()).queryByText(/Draft restored/)).toBeNull()
  })

  it('asks before creating a second site at an address the account already has', async () => {
    const fake = api({ a: { sites: [makeSite(5, { name: 'Shop', url: 'https://shop.example.com/' })] } })
    const pinia = testingPinia()
    const { user } = await mountDialog(fake, pinia)
    await user.type(field('Name'), 'Shop again')
    await user.type(field('Address'), 'https://SHOP.example.com')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    const question = within(dialog()).getByRole('alert')
    expect(question.textContent).toBe('A site with this address already exists: Shop. Create another?')
    expect(document.activeElement).toBe(within(dialog()).getByRole('button', { name: 'Create anyway' }))
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()

    await user.click(within(within(dialog()).getByRole('group', { name: /already exists/ })).getByRole('button', { name: 'Cancel' }))
    await flushPromises()
    expect(within(dialog()).queryByRole('button', { name: 'Create anyway' })).toBeNull()
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    await user.click(within(dialog()).getByRole('button', { name: 'Create anyway' }))
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenCalledWith({ accountId: 'a', site: { name: 'Shop again', url: 'https://SHOP.example.com' } })
  })

  it('reports a created site in a toast whose Undo deletes it again', async () => {
    const fake = api()
    const router = await testRouter()
    const open = ref(true)
    const Host = defineComponent({
      setup: () => () => [h(AddSiteDialog, { open: open.value, 'onUpdate:open': (v: boolean) => (open.value = v) }), h(AppToaster)],
    })
    mountInBody(Host, { global: { plugins: [fake.plugin, testingPinia(), router] } })
    await flushPromises()
    const user = person()
    await user.type(field('Name'), 'Shop')
    await user.type(field('Address'), 'https://shop.example.com')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    const toasts = screen.getByRole('region', { name: 'Notifications' })
    const toast = within(toasts).getByRole('status')
    expect(toast.textContent).toContain('Site “Shop” created.')
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await flushPromises()
    const answer = await fake.api.sitesCreate.mock.results[0]?.value
    const createdId = answer?.ok ? answer.value.id : -1
    expect(fake.api.sitesDelete).toHaveBeenCalledExactlyOnceWith({ accountId: 'a', siteId: createdId })
    expect(within(toasts).getByRole('status').textContent).toContain('Site “Shop” removed again.')
  })

  it('reports a failure that is not about a field in a toast too', async () => {
    const fake = api()
    fake.api.sitesCreate.mockResolvedValue(fail({ code: 'network', message: 'Cannot connect to api.example.com.' }))
    const router = await testRouter()
    const Host = defineComponent({ setup: () => () => [h(AddSiteDialog, { open: true }), h(AppToaster)] })
    mountInBody(Host, { global: { plugins: [fake.plugin, testingPinia(), router] } })
    await flushPromises()
    const user = person()
    await user.type(field('Name'), 'Shop')
    await user.type(field('Address'), 'https://shop.example.com')
    await user.click(screen.getByRole('button', { name: 'Add site' }))
    await flushPromises()
    const toast = within(screen.getByRole('region', { name: 'Notifications', hidden: true })).getByRole('alert', { hidden: true })
    expect(toast.textContent).toContain('Could not create site “Shop”. Cannot connect to api.example.com.')
  })

  it('offers Discard the New site draft in the palette once something is typed', async () => {
    const pinia = testingPinia()
    const { user } = await mountDialog(api(), pinia)
    const command = () => useCommandsStore(pinia).all.find((c) => c.id === 'sites.new.discardDraft')
    expect(command()?.enabled).toBe(false)
    await user.type(field('Name'), 'Half done')
    expect(command()?.enabled).toBe(true)
    await command()!.run()
    await flushPromises()
    expect((field('Name') as HTMLInputElement).value).toBe('')
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toBe('New site draft for Account a discarded.')
    expect(command()?.enabled).toBe(false)
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import AddSiteDialog from '../../../../src/renderer/src/components/sites/AddSiteDialog.vue'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { fail, installFakeApi, makeAccount, makeSite, makeTag, ok, pageOf, settle } from '../support/fake-api'
import { testingPinia, testRouter } from '../support/mount'

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  document.body.innerHTML = ''
})

async function mountDialog(pinia = testingPinia()) {
  const router = await testRouter()
  wrapper = mount(AddSiteDialog, {
    props: { open: true, 'onUpdate:open': (value: boolean) => wrapper?.setProps({ open: value }) },
    global: { plugins: [pinia, router] },
    attachTo: document.body,
  })
  await settle()
  return wrapper
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement
async function type(id: string, value: string) {
  const el = input(id)
  el.value = value
  el.dispatchEvent(new Event('input'))
  await settle()
}
const submit = async () => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add site')!
  button.click()
  await settle()
}
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? ''

describe('AddSiteDialog', () => {
  it('is a titled dialog with labelled fields, the key masked, and the account tags to pick', async () => {
    installFakeApi({ tagsAll: async () => ok([makeTag(7, 'VIP'), makeTag(8, 'Shop')]), sitesList: async () => ok(pageOf([], 1)), sitesAll: async () => ok([]) })
    await mountDialog()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy()
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe('New site in Account a')
    for (const label of ['Name', 'CMS id', 'Address', 'Admin address', 'Private key', 'Text to look for', 'Notes']) {
      expect([...document.querySelectorAll('label')].some((l) => l.textContent?.trim().startsWith(label))).toBe(true)
    }
    expect(input('site-key').type).toBe('password')
    ;(document.querySelector('button[aria-label="Show private key"]') as HTMLButtonElement).click()
    await settle()
    expect(input('site-key').type).toBe('text')
    expect(document.body.textContent).toContain('VIP')
  })

  it('checks required fields and the address shape before sending anything', async () => {
    const fake = installFakeApi({ tagsAll: async () => ok([]), sitesList: async () => ok(pageOf([], 1)), sitesAll: async () => ok([]) })
    await mountDialog()
    await type('site-url', 'shop.example.com')
    await submit()
    expect(errorOf('site-name')).toBe('Name is required.')
    expect(errorOf('site-url')).toMatch(/http/)
    expect(input('site-name').getAttribute('aria-invalid')).toBe('true')
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()
    // Fixing a field takes its message away; the other field keeps its own.
    await type('site-name', 'Shop')
    expect(errorOf('site-name')).toBe('')
    expect(errorOf('site-url')).toMatch(/http/)
  })

  it('shows the server 422 messages on their fields and keeps everything typed', async () => {
    const fake = installFakeApi({
      tagsAll: async () => ok([makeTag(7, 'VIP')]),
      sitesList: async () => ok(pageOf([], 1)),
      sitesAll: async () => ok([]),
      sitesCreate: async () =>
        fail({
          code: 'validation',
          message: 'The name has already been taken.',
          fields: { name: ['The name has already been taken.'], 'tags.0': ['The selected tags.0 is invalid.'] },
        }),
    })
    const w = await mountDialog()
    await type('site-name', 'Shop')
    await type('site-url', 'https://shop.example.com')
    await type('site-key', 'secret-key')
    ;(document.querySelector('.tag-picker input[type="checkbox"]') as HTMLInputElement).click()
    await settle()
    await submit()
    expect(fake.api.sitesCreate).toHaveBeenCalledWith({
      accountId: 'a',
      site: { name: 'Shop', url: 'https://shop.example.com', private_key: 'secret-key', tags: [7] },
    })
    expect(errorOf('site-name')).toBe('The name has already been taken.')
    expect(document.getElementById('site-tags-error')?.textContent).toContain('tags.0')
    expect(input('site-name').value).toBe('Shop')
    expect(input('site-key').value).toBe('secret-key')
    expect(w.emitted('created')).toBeUndefined()
  })

  it('explains a failure that is not about a field, keeping the form', async () => {
    installFakeApi({
      tagsAll: async () => ok([]),
      sitesList: async () => ok(pageOf([], 1)),
      sitesAll: async () => ok([]),
      sitesCreate: async () => fail({ code: 'network', message: 'Cannot connect to api.example.com.' }),
    })
    await mountDialog()
    await type('site-name', 'Shop')
    await type('site-url', 'https://shop.example.com')
    await submit()
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('Cannot connect to api.example.com.')
    expect(input('site-name').value).toBe('Shop')
  })

  it('after success reads the site back, closes and tells which site was created', async () => {
    const fake = installFakeApi({
      tagsAll: async () => ok([]),
      sitesList: async () => ok(pageOf([], 1)),
      sitesAll: async () => ok([]),
      sitesCreate: async () => ok(makeSite(42, { name: 'Shop' })),
      sitesGet: async () => ok(makeSite(42, { name: 'Shop' })),
    })
    const w = await mountDialog()
    await type('site-name', 'Shop')
    await type('site-url', 'https://shop.example.com')
    await submit()
    expect(fake.api.sitesGet).toHaveBeenCalledWith({ accountId: 'a', siteId: 42 })
    expect(w.emitted('created')).toEqual([[42]])
    expect(w.emitted('update:open')?.at(-1)).toEqual([false])
  })

  it('keeps a draft per account: nothing typed for one account is shown or sent under another', async () => {
    const fake = installFakeApi({
      tagsAll: async ({ accountId }) => ok(accountId === 'a' ? [makeTag(7, 'VIP')] : [makeTag(9, 'Other')]),
      sitesList: async () => ok(pageOf([], 1)),
      sitesAll: async () => ok([]),
      accountsSetActive: async () => ok(undefined),
      sitesCreate: async () => fail({ code: 'validation', message: 'Invalid.', fields: { name: ['Taken in A.'] } }),
    })
    const pinia = testingPinia([makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Beta' })])
    await mountDialog(pinia)
    const accounts = useAccountsStore(pinia)
    const titleText = () => document.getElementById(document.querySelector('[role="dialog"]')!.getAttribute('aria-labelledby')!)?.textContent
    expect(titleText()).toBe('New site in Agency')

    await type('site-name', 'Shop A')
    await type('site-url', 'https://a.example.com')
    await type('site-key', 'secret-of-a')
    ;(document.querySelector('.tag-picker input[type="checkbox"]') as HTMLInputElement).click()
    await settle()
    await submit()
    expect(errorOf('site-name')).toBe('Taken in A.')

    accounts.setActive('b')
    await settle()
    expect(titleText()).toBe('New site in Beta')
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Add a website for Beta')
    for (const id of ['site-name', 'site-url', 'site-key']) expect(input(id).value).toBe('')
    expect(errorOf('site-name')).toBe('')
    expect(document.body.textContent).not.toContain('VIP')

    await type('site-name', 'Shop B')
    await type('site-url', 'https://b.example.com')
    await submit()
    expect(fake.api.sitesCreate).toHaveBeenLastCalledWith({
      accountId: 'b',
      site: { name: 'Shop B', url: 'https://b.example.com' },
    })

    accounts.setActive('a')
    await settle()
    expect(input('site-name').value).toBe('Shop A')
    expect(input('site-key').value).toBe('secret-of-a')
    expect((document.querySelector('.tag-picker input[type="checkbox"]') as HTMLInputElement).checked).toBe(true)
  })
})

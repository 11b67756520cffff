// Every change made through the stores says how it went in a toast: Undo for what the API
// can take back (a create is deleted again, a rename renamed back), none for a delete.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import { useToastsStore } from '../../../../src/renderer/src/stores/toasts'
import { useWorkspaceStore } from '../../../../src/renderer/src/stores/workspace'
import { createFakeApi, fail, makeAccount, makeSite, makeTag, memoryCore, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setUp() {
  const core = memoryCore({ a: { sites: [makeSite(1, { name: 'Shop' })], tags: [makeTag(7, 'VIP')] }, b: {} })
  const fake = createFakeApi({
    ...core.methods,
    accountsList: async () => ok({ accounts: [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Beta' })], lastActiveId: 'a' }),
  })
  storePinia(fake)
  return { fake, data: core.data }
}

async function ready() {
  const accounts = useAccountsStore()
  await accounts.load()
  const workspace = useWorkspaceStore()
  await workspace.loadSummary()
  await flushPromises()
  return accounts
}

const shown = () => useToastsStore().toasts.map((t) => ({ kind: t.kind, message: t.message, action: t.action?.label }))
const last = () => useToastsStore().toasts.at(-1)

describe('change toasts', () => {
  it('a created site offers Undo, which deletes it in the account it was made in', async () => {
    const { fake, data } = setUp()
    const accounts = await ready()
    const result = await useSitesStore().create({ name: 'Blog', url: 'https://blog.example.com' })
    expect(result.ok).toBe(true)
    expect(shown()).toEqual([{ kind: 'success', message: 'Site “Blog” created.', action: 'Undo' }])

    // Switched away meanwhile: Undo still deletes it from Agency, not from Beta.
    accounts.setActive('b')
    await last()!.action!.run()
    const id = result.ok ? result.value.id : -1
    expect(fake.api.sitesDelete).toHaveBeenCalledWith({ accountId: 'a', siteId: id })
    expect(data.a!.sites.map((s) => s.name)).toEqual(['Shop'])
    expect(last()?.message).toBe('Site “Blog” removed again.')
  })

  it('a failed Undo says the site is still there', async () => {
    const { fake } = setUp()
    await ready()
    await useSitesStore().create({ name: 'Blog', url: 'https://blog.example.com' })
    fake.api.sitesDelete.mockResolvedValueOnce(fail({ code: 'network', message: 'Cannot reach the server.' }))
    await last()!.action!.run()
    expect(last()).toMatchObject({ kind: 'error', message: 'Could not undo: site “Blog” is still there. Cannot reach the server.' })
  })

  it('a deleted site or tag is reported without Undo; a failure says why', async () => {
    const { fake } = setUp()
    await ready()
    const sites = useSitesStore()
    const tags = useTagsStore()
    fake.api.sitesDelete.mockResolvedValueOnce(fail({ code: 'server', message: 'The server had a problem (500).' }))
    await sites.remove(1)
    expect(last()).toMatchObject({ kind: 'error', message: 'Could not delete site “Shop”. The server had a problem (500).' })
    await sites.remove(1)
    expect(last()).toMatchObject({ kind: 'success', message: 'Site “Shop” deleted.', action: undefined })
    await tags.remove(7)
    expect(last()).toMatchObject({ kind: 'success', message: 'Tag “VIP” deleted.', action: undefined })
  })

  it('one of many deletes (bulk delete) says nothing itself and forgets the site', async () => {
    const { fake, data } = setUp()
    await ready()
    const sites = useSitesStore()
    await sites.loadSite('a', 1)
    expect(sites.siteIn('a', 1)?.name).toBe('Shop')

    expect(await sites.deleteOne('a', 1)).toEqual({ ok: true, value: undefined })
    expect(fake.api.sitesDelete).toHaveBeenCalledWith({ accountId: 'a', siteId: 1 })
    expect(data.a!.sites).toEqual([])
    expect(sites.siteIn('a', 1)).toBeUndefined()
    expect(shown()).toEqual([])
  })

  it('a tag name refused field by field is left to the form; other failures get a toast', async () => {
    const { fake } = setUp()
    await ready()
    const tags = useTagsStore()
    fake.api.tagsCreate.mockResolvedValueOnce(fail({ code: 'validation', message: 'Invalid.', fields: { name: ['The name has already been taken.'] } }))
    await tags.create('VIP')
    expect(shown()).toEqual([])
    fake.api.tagsCreate.mockResolvedValueOnce(fail({ code: 'timeout', message: 'The server took too long.' }))
    await tags.create('New')
    expect(last()).toMatchObject({ kind: 'error', message: 'Could not create tag “New”. The server took too long.' })
  })

  it('a rename offers Undo (renaming back); removing and a new token are reported', async () => {
    const { fake } = setUp()
    fake.api.accountsRename.mockImplementation(async ({ accountId, label }) => ok(makeAccount(accountId, { label })))
    fake.api.accountsReplaceToken.mockImplementation(async ({ accountId }) => ok(makeAccount(accountId, { label: 'Beta' })))
    fake.api.accountsRemove.mockResolvedValue(ok(undefined))
    const accounts = await ready()

    await accounts.rename('a', 'Agency clients')
    expect(last()).toMatchObject({ message: 'Account renamed to “Agency clients”.', action: { label: 'Undo' } })
    await last()!.action!.run()
    expect(fake.api.accountsRename).toHaveBeenLastCalledWith({ accountId: 'a', label: 'Agency' })
    expect(accounts.accounts.find((a) => a.id === 'a')?.label).toBe('Agency')

    await accounts.replaceToken('b', 'new-token')
    expect(last()?.message).toBe('New token saved for “Beta”.')
    await accounts.remove('b')
    expect(last()).toMatchObject({ kind: 'success', message: 'Account “Beta” removed.', action: undefined })
  })
})

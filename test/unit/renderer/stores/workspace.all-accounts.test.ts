// The workspace store in the All accounts scope: every account's snapshot read and kept
// fresh, merged into rows whose ids, tags and search keys never collide across accounts,
// and site actions that go to the site's own account.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import { useWorkspaceStore } from '../../../../src/renderer/src/stores/workspace'
import { decodeRowId, isAccountSite, ownIdOf } from '../../../../src/renderer/src/lib/account-rows'
import { EMPTY_FILTER, filterSites } from '../../../../src/renderer/src/lib/site-query'
import { createFakeApi, fail, makeAccount, makeSite, makeTag, memoryCore, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setup(scope: 'all' | 'account' = 'all') {
  const prod = makeTag(1, 'Production')
  const core = memoryCore({
    a: { sites: [makeSite(1, { name: 'Alpha shop', tags: [prod] }), makeSite(2, { name: 'Alpha blog' })], tags: [prod] },
    b: { sites: [makeSite(1, { name: 'Bravo shop' }), makeSite(3, { name: 'Bravo news', tags: [makeTag(1, 'Staging')] })] },
  })
  const fake = createFakeApi({
    ...core.methods,
    accountsList: async () => ok({ accounts: [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Bureau' })], lastActiveId: 'a' }),
    prefsGet: async () => ok(scope),
    prefsSet: async () => ok(undefined),
  })
  storePinia(fake)
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const sites = useSitesStore()
  return { core, fake, accounts, workspace, sites }
}

describe('the workspace in the All accounts scope', () => {
  it('reads every account and lists their sites as rows, each with its account, ids never colliding', async () => {
    const { accounts, workspace, sites } = setup()
    await accounts.load()
    await flushPromises()
    const rows = workspace.allSites
    expect(rows.map((r) => `${r.accountLabel}/${r.name}`)).toEqual(['Agency/Alpha shop', 'Agency/Alpha blog', 'Bureau/Bravo shop', 'Bureau/Bravo news'])
    expect(rows.map((r) => r.siteId)).toEqual([1, 2, 1, 3])
    // Site 1 of each account: two rows, two ids, each decoding to its own account.
    const ids = rows.map((r) => r.id)
    expect(new Set(ids).size).toBe(4)
    expect(ids.every((id) => id !== 1 && id !== 2 && id !== 3)).toBe(true)
    expect(rows.map((r) => decodeRowId(r.id, accounts.accounts))).toEqual([
      { accountId: 'a', siteId: 1 },
      { accountId: 'a', siteId: 2 },
      { accountId: 'b', siteId: 1 },
      { accountId: 'b', siteId: 3 },
    ])
    // Tag 1 is "Production" in a and "Staging" in b: a filter on a's tag 1 finds only a's site.
    const prodRowId = rows[0]!.tags[0]!.id
    expect(ownIdOf(prodRowId)).toBe(1)
    expect(filterSites(rows, { ...EMPTY_FILTER, tagIds: [prodRowId] }).map((r) => r.name)).toEqual(['Alpha shop'])
    // The search keys are by row id, one per row.
    expect(workspace.allSearchKeys.get(rows[2]!.id)).toContain('bravo shop')
    expect(sites.scopeSites).toBe(rows)
    expect(sites.scopeSites.every(isAccountSite)).toBe(true)
    // The active account's own list is untouched by the scope.
    expect(sites.sites.map((s) => s.id)).toEqual([1, 2])
  })

  it('keeps a rows list only in the All scope', async () => {
    const { accounts, workspace, sites } = setup('account')
    await accounts.load()
    await flushPromises()
    expect(workspace.allSites).toEqual([])
    expect(sites.scopeSites.map((s) => s.name)).toEqual(['Alpha shop', 'Alpha blog'])
  })

  it('reads an account again when core says it changed, whichever account is active', async () => {
    const { accounts, workspace, core, fake } = setup()
    await accounts.load()
    await flushPromises()
    core.data.b!.sites.push(makeSite(9, { name: 'Bravo new' }))
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(workspace.allSites.map((r) => r.name)).toContain('Bravo new')
  })

  it('deletes a site in its own account, never in the active one', async () => {
    const { accounts, workspace, sites, core } = setup()
    await accounts.load()
    await flushPromises()
    const bravoShop = workspace.allSites.find((r) => r.name === 'Bravo shop')!
    const result = await sites.remove(bravoShop.siteId, bravoShop.accountId)
    expect(result.ok).toBe(true)
    expect(core.data.b!.sites.map((s) => s.name)).toEqual(['Bravo news'])
    expect(core.data.a!.sites.map((s) => s.name)).toEqual(['Alpha shop', 'Alpha blog'])
    expect(workspace.allSites.map((r) => r.name)).toEqual(['Alpha shop', 'Alpha blog', 'Bravo news'])
  })

  it('names an account that could not be read, and lists the others', async () => {
    const { accounts, workspace, fake, core } = setup()
    fake.api.workspaceSnapshot.mockImplementation(async (input) =>
      input.accountId === 'b' ? fail({ code: 'internal', message: 'The store is locked.' }) : core.methods.workspaceSnapshot!(input),
    )
    await accounts.load()
    await flushPromises()
    expect(workspace.allSites.map((r) => r.accountId)).toEqual(['a', 'a'])
    expect(workspace.scopeSettled).toBe(true)
    const failed = workspace.scopeEntries.filter(({ entry }) => entry?.status === 'error')
    expect(failed.map(({ account, entry }) => [account.label, entry?.error?.message])).toEqual([['Bureau', 'The store is locked.']])
  })
})


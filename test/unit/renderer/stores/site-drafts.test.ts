import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSiteDraftsStore } from '../../../../src/renderer/src/stores/site-drafts'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import { createFakeApi, makeAccount, makeTag, memoryCore, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

describe('site drafts store', () => {
  it('keeps one draft per account, starting empty, and clears only the one asked', () => {
    storePinia(createFakeApi())
    const drafts = useSiteDraftsStore()
    const a = drafts.draftFor('a')
    a.name = 'Shop'
    a.privateKey = 'secret'
    a.tagIds.push(7)
    const b = drafts.draftFor('b')
    expect(b).toEqual({ name: '', url: '', adminUrl: '', cmsId: '', privateKey: '', notes: '', tagIds: [], lookFor: '' })
    expect(drafts.draftFor('a')).toMatchObject({ name: 'Shop', privateKey: 'secret', tagIds: [7] })

    drafts.clear('a')
    expect(drafts.draftFor('a').privateKey).toBe('')
    expect(drafts.draftFor('b')).toBe(b)
  })

  it('forgets the draft of a removed account', async () => {
    storePinia(
      createFakeApi({
        accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
        accountsRemove: async () => ok(undefined),
        accountsSetActive: async () => ok(undefined),
      }),
    )
    const accounts = useAccountsStore()
    await accounts.load()
    const drafts = useSiteDraftsStore()
    drafts.draftFor('a').privateKey = 'secret'
    drafts.draftFor('b').name = 'Keep'
    await accounts.remove('a')
    await flushPromises()
    expect(Object.keys(drafts.drafts)).toEqual(['b'])
  })

  it("drops a tag from the draft once it is no longer among the account's tags", async () => {
    const core = memoryCore({ a: { tags: [makeTag(1, 'alpha'), makeTag(2, 'beta')] } })
    storePinia(createFakeApi(core.methods))
    const accounts = useAccountsStore()
    accounts.applyState({ accounts: [makeAccount('a')], lastActiveId: 'a' })
    const drafts = useSiteDraftsStore()
    const tags = useTagsStore()
    await flushPromises()
    drafts.draftFor('a').tagIds = [1, 2]
    await tags.remove(2)
    await flushPromises()
    expect(drafts.draftFor('a').tagIds).toEqual([1])
  })
})

import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSiteDraftsStore } from '../../../../src/renderer/src/stores/site-drafts'
import { useTagsStore } from '../../../../src/renderer/src/stores/tags'
import { installFakeApi, makeAccount, makeTag, ok, settle } from '../support/fake-api'

describe('site drafts store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('keeps one draft per account, starting empty, and clears only the one asked', () => {
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
    installFakeApi({
      accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
      accountsRemove: async () => ok(undefined),
      accountsSetActive: async () => ok(undefined),
    })
    const accounts = useAccountsStore()
    await accounts.load()
    const drafts = useSiteDraftsStore()
    drafts.draftFor('a').privateKey = 'secret'
    drafts.draftFor('b').name = 'Keep'
    await accounts.remove('a')
    await settle()
    expect(Object.keys(drafts.drafts)).toEqual(['b'])
  })

  it("drops a tag from the draft once it is no longer among the account's tags", async () => {
    installFakeApi({
      tagsAll: async () => ok([makeTag(1, 'alpha'), makeTag(2, 'beta')]),
      tagsDelete: async () => ok(undefined),
    })
    const accounts = useAccountsStore()
    accounts.applyState({ accounts: [makeAccount('a')], lastActiveId: 'a' })
    const drafts = useSiteDraftsStore()
    const tags = useTagsStore()
    await settle()
    drafts.draftFor('a').tagIds = [1, 2]
    await tags.remove(2)
    await settle()
    expect(drafts.draftFor('a').tagIds).toEqual([1])
  })
})

// The active account's tags, read from its workspace snapshot, and creating and deleting
// them. As with sites, core's answer is shown at once and its push re-reads the snapshot.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { Result, Tag } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { NO_ACCOUNT, useAccountsStore } from './accounts'
import { useWorkspaceStore } from './workspace'

const NO_TAGS: readonly Tag[] = Object.freeze([])

export const useTagsStore = defineStore('tags', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()

  /** By name. */
  const tags = computed<readonly Tag[]>(() => workspace.snapshot?.tags ?? NO_TAGS)

  function tagById(id: number): Tag | undefined {
    return tags.value.find((tag) => tag.id === id)
  }

  /** Creates a tag; the answer goes to the caller so it can show a 422 next to the input. */
  async function create(name: string): Promise<Result<Tag>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.tagsCreate({ accountId, name: name.trim() }))
    if (result.ok) workspace.putTag(accountId, result.value)
    return result
  }

  /** Deletes a tag; gone from the list and from the sites that carried it once the server agreed. */
  async function remove(tagId: number): Promise<Result<void>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.tagsDelete({ accountId, tagId }))
    if (result.ok || result.error.code === 'not_found') workspace.dropTag(accountId, tagId)
    return result
  }

  return { tags, tagById, create, remove }
})

// The active account's tags, from the scope's summary (each with how many sites carry it), and
// creating and deleting them. Core's answer is followed by a read of the summary at once (and
// its push by another), and each change says how it went in a toast (a created tag with Undo);
// a name the server refused (422) is shown under the input instead.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { Result, Tag } from '../../../shared'
import type { ScopeAccount } from '../../../shared/sites-query'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { describeError } from '../lib/errors'
import { NO_ACCOUNT, useAccountsStore } from './accounts'
import { toastCreated } from './created-toast'
import { useToastsStore } from './toasts'
import { useWorkspaceStore } from './workspace'

/** A tag as the summary has it: with how many of its account's sites carry it. */
export type CountedTag = ScopeAccount['tags'][number]

export const useTagsStore = defineStore('tags', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const toasts = useToastsStore()

  /** By name. */
  const tags = computed<readonly CountedTag[]>(() => workspace.tags)
  /** True once the active account's summary has been read (it may have no tags). */
  const ready = computed(() => workspace.scopeAccount(accounts.activeAccountId) !== null)

  function tagById(id: number): Tag | undefined {
    return tags.value.find((tag) => tag.id === id)
  }

  /** Creates a tag; the answer goes to the caller so it can show a 422 next to the input. */
  async function create(name: string): Promise<Result<Tag>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => api.tagsCreate({ accountId, name: name.trim() }))
    if (result.ok) void workspace.loadSummary()
    toastCreated(toasts, 'Tag', name.trim(), result, (created) => deleteIn(accountId, created.id))
    return result
  }

  async function deleteIn(accountId: string, tagId: number): Promise<Result<void>> {
    const result = await call(() => api.tagsDelete({ accountId, tagId }))
    if (result.ok || result.error.code === 'not_found') void workspace.loadSummary()
    return result
  }

  /** Deletes a tag; gone from the list and from the sites that carried it once the server agreed. */
  async function remove(tagId: number): Promise<Result<void>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const name = tagById(tagId)?.name ?? `#${tagId}`
    const result = await deleteIn(accountId, tagId)
    if (result.ok) toasts.success(`Tag “${name}” deleted.`)
    else if (result.error.code === 'not_found') toasts.info(`Tag “${name}” had already been deleted.`)
    else toasts.error(`Could not delete tag “${name}”. ${describeError(result.error).message}`)
    return result
  }

  return { tags, ready, tagById, create, remove }
})

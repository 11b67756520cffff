// The active account's tags. Lists are kept per account, so switching accounts never shows
// one account's tags under another's name, and an answer for an account the person has left
// is dropped. Create and delete change the list only after the server said yes.

import { defineStore } from 'pinia'
import { computed, markRaw, ref, watch } from 'vue'
import type { AppError, Result, Tag } from '../../../shared'
import { call } from '../lib/call'
import { NO_ACCOUNT, useAccountsStore, type LoadStatus } from './accounts'
import { useSitesStore } from './sites'
import { onTokenRestored } from './token-restored'

interface AccountTags {
  /** Replaced whole on every change, and raw: no deep reactivity needed. */
  tags: Tag[]
  status: LoadStatus
  error: AppError | null
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

function sortTags(tags: readonly Tag[]): Tag[] {
  return markRaw([...tags].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id))
}

export const useTagsStore = defineStore('tags', () => {
  const accounts = useAccountsStore()
  const byAccount = ref<Record<string, AccountTags>>({})
  // The latest load per account; an older answer arriving late is dropped.
  const loadTickets = new Map<string, symbol>()

  const activeAccountId = computed(() => accounts.activeAccountId)
  const current = computed(() => {
    const id = activeAccountId.value
    return id ? byAccount.value[id] : undefined
  })

  const tags = computed<Tag[]>(() => current.value?.tags ?? [])
  const status = computed<LoadStatus>(() => current.value?.status ?? 'idle')
  const error = computed<AppError | null>(() => current.value?.error ?? null)

  function tagById(id: number): Tag | undefined {
    return tags.value.find((tag) => tag.id === id)
  }

  function entryFor(accountId: string): AccountTags {
    if (!byAccount.value[accountId]) byAccount.value[accountId] = { tags: markRaw([]), status: 'idle', error: null }
    return byAccount.value[accountId]!
  }

  /** Loads every tag of the active account; the current list stays visible meanwhile. */
  async function load(): Promise<void> {
    const accountId = activeAccountId.value
    if (!accountId) return
    const entry = entryFor(accountId)
    const ticket = Symbol(accountId)
    loadTickets.set(accountId, ticket)
    entry.status = 'loading'
    entry.error = null

    const result = await call(() => window.api.tagsAll({ accountId }))
    // The ticket alone decides: a switch away and back must not leave the list 'loading',
    // and a removed account's ticket is gone with it.
    const latest = byAccount.value[accountId]
    if (loadTickets.get(accountId) !== ticket || !latest) return
    if (result.ok) {
      latest.tags = sortTags(result.value)
      latest.status = 'ready'
    } else {
      latest.status = 'error'
      latest.error = result.error
      if (result.error.code === 'unauthorized') accounts.markRefused(accountId)
    }
  }

  /** Loads the tags unless they are loaded or loading already. */
  async function ensureLoaded(): Promise<void> {
    if (status.value === 'ready' || status.value === 'loading') return
    await load()
  }

  /** Creates a tag; the answer goes to the caller so it can show a 422 next to the input. */
  async function create(name: string): Promise<Result<Tag>> {
    const accountId = activeAccountId.value
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => window.api.tagsCreate({ accountId, name: name.trim() }))
    // The server did create it in that account, even if the person has switched since
    // (but a removed account's list is not brought back).
    const entry = byAccount.value[accountId]
    if (result.ok && entry) {
      entry.tags = sortTags([...entry.tags.filter((t) => t.id !== result.value.id), result.value])
    }
    return result
  }

  /** Deletes a tag; it leaves the list only when the server said yes. */
  async function remove(tagId: number): Promise<Result<void>> {
    const accountId = activeAccountId.value
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => window.api.tagsDelete({ accountId, tagId }))
    // A tag that is already gone on the server is gone for the person too, and from the
    // site rows that carried it (the sites store is asked only now, so it is not created
    // just for this store).
    const entry = byAccount.value[accountId]
    if ((result.ok || result.error.code === 'not_found') && entry) {
      entry.tags = markRaw(entry.tags.filter((t) => t.id !== tagId))
      useSitesStore().dropTag(accountId, tagId)
    }
    return result
  }

  // A new token (or an unlocked keychain) brings a refused list back without a click.
  onTokenRestored(() => void load())

  // Every switch shows the new account's tags fresh; lists of removed accounts are forgotten.
  watch(
    activeAccountId,
    (accountId) => {
      if (accountId) void load()
    },
    { immediate: true },
  )
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const id of Object.keys(byAccount.value)) {
        if (!ids.includes(id)) {
          delete byAccount.value[id]
          loadTickets.delete(id)
        }
      }
    },
  )

  return { byAccount, tags, status, error, tagById, load, ensureLoaded, create, remove }
})

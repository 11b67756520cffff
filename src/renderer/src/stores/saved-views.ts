// Named views of the Sites list ("PHP 7 to update", "VIP down"), per account: each is the view's
// address query (lib/sites-view-state), listed in the sidebar and opened as /sites?<query>.
// Kept by core in the account's prefs (`sites.savedViews:<accountId>`), so they survive a
// restart and leave with their account. The All accounts scope has a list of its own
// (`sites.savedViews.all`): its queries name rows and tags of every account, which mean
// something else in one account's table.
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { AppError, Result } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { fromQuery, queryKey, toQuery, type CanonicalQuery, type SitesViewState } from '../lib/sites-view-state'
import { NO_ACCOUNT, useAccountsStore, type LoadStatus } from './accounts'

export interface SavedView {
  id: string
  name: string
  /** The view's query, with its sort always written and without a selection. */
  query: CanonicalQuery
}

interface AccountViews {
  status: LoadStatus
  views: SavedView[]
  error: AppError | null
}

export const MAX_VIEW_NAME = 60

/** The list of the All accounts scope, beside one list per account id. */
export const ALL_SCOPE_LIST = 'all'

/** The scope a list's queries are read for: its account, or none for the All list (whose ids were never bare). */
const scopeOf = (listKey: string): string[] => (listKey === ALL_SCOPE_LIST ? [] : [listKey])

const prefsKey = (listKey: string) => (listKey === ALL_SCOPE_LIST ? 'sites.savedViews.all' : `sites.savedViews:${listKey}`)

function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

/** What prefs held, kept only where it is a well-formed view (a hand-edited store cannot break the sidebar). */
function parseStored(value: unknown, scope: readonly string[]): SavedView[] {
  const list = (value as { views?: unknown } | null)?.views
  if (!Array.isArray(list)) return []
  const views: SavedView[] = []
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) continue
    const { id, name, query } = item as Record<string, unknown>
    if (typeof id !== 'string' || typeof name !== 'string' || name.trim() === '' || typeof query !== 'object' || query === null) continue
    // Read back through the address parser, so only what the view understands is kept (a
    // view saved before tags were keys gets its account's keys).
    const state = fromQuery(query as Record<string, string | string[]>, scope)
    views.push({ id, name: name.slice(0, MAX_VIEW_NAME), query: toQuery(state, { explicit: true, withSelection: false }) })
  }
  return views
}

function invalid(message: string): AppError {
  return { code: 'invalid_input', message }
}

export const useSavedViewsStore = defineStore('savedViews', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const byAccount = ref<Record<string, AccountViews>>({})

  /** Whose list shows: the All accounts scope's, or the active account's. */
  const listKey = computed<string | null>(() => (accounts.isAllScope ? ALL_SCOPE_LIST : accounts.activeAccountId))
  const current = computed<AccountViews | null>(() => {
    const key = listKey.value
    return key ? (byAccount.value[key] ?? null) : null
  })
  const views = computed<readonly SavedView[]>(() => current.value?.views ?? [])

  async function load(accountId: string): Promise<void> {
    byAccount.value[accountId] = { status: 'loading', views: byAccount.value[accountId]?.views ?? [], error: null }
    const result = await call(() => api.prefsGet({ key: prefsKey(accountId) }))
    byAccount.value[accountId] = result.ok
      ? { status: 'ready', views: parseStored(result.value, scopeOf(accountId)), error: null }
      : { status: 'error', views: [], error: result.error }
  }

  watch(
    listKey,
    (key) => {
      if (key && !byAccount.value[key]) void load(key)
    },
    { immediate: true },
  )

  /** Why a name cannot be used, or null: not empty, not too long, unique in the account (ignoring case). */
  function nameProblem(name: string, exceptId?: string): string | null {
    const trimmed = name.trim()
    if (trimmed === '') return 'Give the view a name.'
    if (trimmed.length > MAX_VIEW_NAME) return `Keep the name under ${MAX_VIEW_NAME + 1} characters.`
    const lower = trimmed.toLocaleLowerCase()
    if (views.value.some((v) => v.id !== exceptId && v.name.toLocaleLowerCase() === lower)) return `A view named “${trimmed}” already exists.`
    return null
  }

  /** Writes the account's list; on failure the list shown goes back to what it was. */
  async function persist(accountId: string, next: SavedView[]): Promise<Result<void>> {
    const entry = byAccount.value[accountId]
    const before = entry?.views ?? []
    byAccount.value[accountId] = { status: 'ready', views: next, error: null }
    // Plain data: the views read back from the store are reactive proxies, which neither
    // Electron's IPC nor the web shell's structured clone can carry.
    const value = JSON.parse(JSON.stringify({ views: next })) as { views: SavedView[] }
    const result = await call(() => api.prefsSet({ key: prefsKey(accountId), value }))
    if (!result.ok) byAccount.value[accountId] = { status: 'ready', views: before, error: null }
    return result
  }

  function activeId(): string | null {
    return listKey.value
  }

  async function save(name: string, state: SitesViewState): Promise<Result<SavedView>> {
    const accountId = activeId()
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const problem = nameProblem(name)
    if (problem) return { ok: false, error: invalid(problem) }
    const view: SavedView = { id: newId(), name: name.trim(), query: toQuery(state, { explicit: true, withSelection: false }) }
    const result = await persist(accountId, [...views.value, view])
    return result.ok ? { ok: true, value: view } : result
  }

  async function rename(id: string, name: string): Promise<Result<SavedView>> {
    const accountId = activeId()
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const view = views.value.find((v) => v.id === id)
    if (!view) return { ok: false, error: { code: 'not_found', message: 'That view no longer exists.' } }
    const problem = nameProblem(name, id)
    if (problem) return { ok: false, error: invalid(problem) }
    const renamed = { ...view, name: name.trim() }
    const result = await persist(
      accountId,
      views.value.map((v) => (v.id === id ? renamed : v)),
    )
    return result.ok ? { ok: true, value: renamed } : result
  }

  /** Removes a view; answers it with its place and its list, so an Undo can put it back there. */
  async function remove(id: string): Promise<Result<{ view: SavedView; index: number; listKey: string }>> {
    const accountId = activeId()
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const index = views.value.findIndex((v) => v.id === id)
    if (index === -1) return { ok: false, error: { code: 'not_found', message: 'That view no longer exists.' } }
    const view = views.value[index]!
    const result = await persist(
      accountId,
      views.value.filter((v) => v.id !== id),
    )
    return result.ok ? { ok: true, value: { view, index, listKey: accountId } } : result
  }

  /**
   * Puts a removed view back where it was (Undo), in the list it was removed from: the scope
   * may have changed since, and a view's ids mean something only in its own list.
   */
  async function restore(view: SavedView, index: number, listKey: string): Promise<Result<void>> {
    if (!byAccount.value[listKey]) await load(listKey)
    const list = byAccount.value[listKey]?.views ?? []
    if (list.some((v) => v.id === view.id)) return { ok: true, value: undefined }
    const next = [...list]
    next.splice(Math.min(index, next.length), 0, view)
    return persist(listKey, next)
  }

  /** The saved view showing now, given the Sites view's query (its selection does not count). */
  function matching(query: Record<string, unknown>): SavedView | null {
    const scope = listKey.value ? scopeOf(listKey.value) : []
    const key = queryKey(query as CanonicalQuery, scope)
    return views.value.find((v) => queryKey(v.query, scope) === key) ?? null
  }

  return { byAccount, listKey, current, views, load, nameProblem, save, rename, remove, restore, matching }
})

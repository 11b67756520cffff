// The one data layer over core's local store (DESIGN.md, "How data flows"): per account, the
// last snapshot of its sites and tags, read at once when the account becomes active and read
// again whenever core says it changed ('workspace:changed'). Reads are single-flight per
// account (a burst of changes costs one more read, not one each), an answer for an account
// that is no longer active or no longer exists is dropped, and a read that started before a
// local change (a create or delete already shown) is not allowed to undo it.
//
// In the All accounts scope every account's snapshot is kept loaded and fresh, and the store
// offers them merged into one read-only list of rows (lib/account-rows.ts), each row with its
// account. A site page of another account (`/sites/5?account=…`) follows that account too.
import { defineStore } from 'pinia'
import { computed, markRaw, onScopeDispose, ref, shallowRef, watch } from 'vue'
import type { AppError, Site, Tag, WorkspaceSnapshot } from '../../../shared'
import type { ScopeAccount, ScopeSummary } from '../../../shared/sites-query'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { LazySearchKeys, searchKeyOf, type SearchKeys } from '../lib/site-query'
import { accountNumbers, accountRows, type AccountSite } from '../lib/account-rows'
import { useAccountsStore, type LoadStatus } from './accounts'
import { useSyncStore } from './sync'

/** A snapshot as the views use it: raw (no deep reactivity for thousands of rows), indexed. */
export interface Snapshot {
  accountId: string
  /** Ascending id, as the API lists them. */
  sites: readonly Site[]
  /** By name. */
  tags: readonly Tag[]
  eventCount: number
  siteIndex: ReadonlyMap<number, Site>
  /** Built once per snapshot (on first use or when idle), so no keystroke but the first builds them. */
  searchKeys: ReadonlyMap<number, string>
}

export interface AccountWorkspace {
  snapshot: Snapshot | null
  /** Of reading the snapshot from the local store (not of syncing). */
  status: LoadStatus
  error: AppError | null
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

export function sortTags(tags: readonly Tag[]): Tag[] {
  return [...tags].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
}

function snapshotOf(value: WorkspaceSnapshot): Snapshot {
  const searchKeys = new LazySearchKeys(value.sites)
  // Built when the page is next idle (after the rows are shown), or by the first search.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => searchKeys.warm(), { timeout: 2_000 })
  return markRaw({
    accountId: value.accountId,
    sites: markRaw(value.sites),
    tags: markRaw(sortTags(value.tags)),
    eventCount: value.eventCount,
    siteIndex: markRaw(new Map(value.sites.map((site) => [site.id, site]))),
    searchKeys: markRaw(searchKeys),
  })
}

/** The snapshot with one site added or replaced; only that site's key is built. */
function withSite(snapshot: Snapshot, site: Site): Snapshot {
  const known = snapshot.siteIndex.has(site.id)
  const sites = known ? snapshot.sites.map((s) => (s.id === site.id ? site : s)) : [...snapshot.sites, site].sort((a, b) => a.id - b.id)
  const siteIndex = new Map(snapshot.siteIndex).set(site.id, site)
  const searchKeys = new Map(snapshot.searchKeys).set(site.id, searchKeyOf(site))
  return markRaw({ ...snapshot, sites: markRaw(sites), siteIndex: markRaw(siteIndex), searchKeys: markRaw(searchKeys) })
}

function withoutSite(snapshot: Snapshot, siteId: number): Snapshot {
  if (!snapshot.siteIndex.has(siteId)) return snapshot
  const siteIndex = new Map(snapshot.siteIndex)
  siteIndex.delete(siteId)
  const searchKeys = new Map(snapshot.searchKeys)
  searchKeys.delete(siteId)
  const sites = snapshot.sites.filter((s) => s.id !== siteId)
  return markRaw({ ...snapshot, sites: markRaw(sites), siteIndex: markRaw(siteIndex), searchKeys: markRaw(searchKeys) })
}

function withTag(snapshot: Snapshot, tag: Tag): Snapshot {
  return markRaw({ ...snapshot, tags: markRaw(sortTags([...snapshot.tags.filter((t) => t.id !== tag.id), tag])) })
}

/** A deleted tag leaves the list and every site that carried it (the server detaches it). */
function withoutTag(snapshot: Snapshot, tagId: number): Snapshot {
  const carried = snapshot.sites.filter((s) => s.tags.some((t) => t.id === tagId))
  let next: Snapshot = markRaw({ ...snapshot, tags: markRaw(snapshot.tags.filter((t) => t.id !== tagId)) })
  for (const site of carried) next = withSite(next, { ...site, tags: site.tags.filter((t) => t.id !== tagId) })
  return next
}

export const useWorkspaceStore = defineStore('workspace', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const sync = useSyncStore()

  const byAccount = ref<Record<string, AccountWorkspace>>({})
  // Bumped by every change made here (a create or delete shown before core's push): a read
  // that started earlier may predate it in core's store too, so its answer is not taken.
  const localEdits = new Map<string, number>()

  // Accounts a view outside the scope follows for a while (a site page of another account).
  const followed = ref<Record<string, number>>({})

  /** The account's snapshot is on screen or about to be: read it, keep it fresh. */
  function isActive(accountId: string): boolean {
    if (!accounts.accounts.some((a) => a.id === accountId)) return false
    return accounts.activeAccountId === accountId || accounts.isAllScope || (followed.value[accountId] ?? 0) > 0
  }

  /** Keeps an account's snapshot read and fresh until the answer is called (a site page of it). */
  function follow(accountId: string): () => void {
    followed.value[accountId] = (followed.value[accountId] ?? 0) + 1
    void load(accountId)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (followed.value[accountId] ?? 1) - 1
      if (left > 0) followed.value[accountId] = left
      else delete followed.value[accountId]
    }
  }

  function entryFor(accountId: string): AccountWorkspace {
    if (!byAccount.value[accountId]) byAccount.value[accountId] = { snapshot: null, status: 'idle', error: null }
    return byAccount.value[accountId]!
  }

  const reads = coalesce(async (accountId) => {
    if (!isActive(accountId)) return
    const entry = entryFor(accountId)
    if (!entry.snapshot) entry.status = 'loading'
    const edits = localEdits.get(accountId) ?? 0
    const takeSyncState = sync.readMark(accountId)
    const result = await call(() => api.workspaceSnapshot({ accountId }))
    // Left or removed meanwhile: the answer has nowhere to go (switching back reads again).
    if (!isActive(accountId)) return
    const latest = entryFor(accountId)
    if ((localEdits.get(accountId) ?? 0) !== edits) {
      // Read again: core has the local change by now, or will push when it has.
      void reads.request(accountId)
      return
    }
    if (result.ok) {
      latest.snapshot = snapshotOf(result.value)
      latest.status = 'ready'
      latest.error = null
      takeSyncState(result.value.sync)
    } else {
      latest.status = 'error'
      latest.error = result.error
    }
  })

  /** Reads the account's snapshot (the active one by default); joins a read under way. */
  function load(accountId: string | null = accounts.activeAccountId): Promise<void> {
    return accountId ? reads.request(accountId) : Promise.resolve()
  }

  /** Applies a change the person made and core confirmed, before core's push arrives. */
  function edit(accountId: string, change: (snapshot: Snapshot) => Snapshot): void {
    const entry = byAccount.value[accountId]
    localEdits.set(accountId, (localEdits.get(accountId) ?? 0) + 1)
    if (entry?.snapshot) entry.snapshot = change(entry.snapshot)
  }

  const putSite = (accountId: string, site: Site) => edit(accountId, (s) => withSite(s, site))
  const dropSite = (accountId: string, siteId: number) => edit(accountId, (s) => withoutSite(s, siteId))
  const putTag = (accountId: string, tag: Tag) => edit(accountId, (s) => withTag(s, tag))
  const dropTag = (accountId: string, tagId: number) => edit(accountId, (s) => withoutTag(s, tagId))

  const current = computed<AccountWorkspace | null>(() => {
    const id = accounts.activeAccountId
    return id ? (byAccount.value[id] ?? null) : null
  })
  const snapshot = computed<Snapshot | null>(() => current.value?.snapshot ?? null)

  // ---- the All accounts scope ----

  // One account's rows are built again only when its snapshot, label or number changes.
  const rowCache = new WeakMap<Snapshot, { label: string; number: number; rows: AccountSite[] }>()
  function rowsOf(snapshot: Snapshot, account: { id: string; label: string }, number: number): AccountSite[] {
    const cached = rowCache.get(snapshot)
    if (cached && cached.label === account.label && cached.number === number) return cached.rows
    const rows = accountRows(account, number, snapshot.sites)
    rowCache.set(snapshot, { label: account.label, number, rows })
    return rows
  }

  /** Every account's sites as rows, accounts in the switcher's order, each by ascending id. */
  const allSites = computed<readonly AccountSite[]>(() => {
    if (!accounts.isAllScope) return []
    const numbers = accountNumbers(accounts.accounts)
    const out: AccountSite[] = []
    for (const account of accounts.accounts) {
      const entry = byAccount.value[account.id]
      if (entry?.snapshot) out.push(...rowsOf(entry.snapshot, account, numbers.get(account.id) ?? 0))
    }
    return markRaw(out)
  })
  /** The merged rows' search keys (by row id), built on the first search. */
  const allSearchKeys = computed<SearchKeys>(() => markRaw(new LazySearchKeys(allSites.value)))

  /** The scope's accounts and how reading each went: the views show who could not be read. */
  const scopeEntries = computed(() =>
    accounts.scopeAccounts.map((account) => ({ account, entry: byAccount.value[account.id] ?? null })),
  )
  /** Every account of the scope has been read (each may still be empty, or have failed). */
  const scopeSettled = computed(() => scopeEntries.value.every(({ entry }) => !!entry?.snapshot || entry?.status === 'error'))

  // ---- the scope's summary (workspace:scope): sync state, counts and tags of each account ----

  /** The accounts of the scope, in the switcher's order. */
  const scopeIds = computed<string[]>(() => accounts.scopeAccounts.map((a) => a.id))
  const summary = shallowRef<ScopeSummary | null>(null)
  /** Whose scope the summary is (ids joined), so a summary of the scope left is not shown for the next. */
  const summaryFor = shallowRef('')
  const summaryError = shallowRef<AppError | null>(null)

  const summaryReads = coalesce(async (key) => {
    const scope = key === '' ? [] : key.split('\n')
    if (scope.length === 0) return
    const marks = new Map(scope.map((id) => [id, sync.readMark(id)]))
    const result = await call(() => api.workspaceScope({ scope }))
    // The scope changed meanwhile: this answer has nowhere to go (reads of one scope run one at a time).
    if (scopeIds.value.join('\n') !== key) return
    if (result.ok) {
      summary.value = markRaw(result.value)
      summaryFor.value = key
      summaryError.value = null
      // The stored sync state shows at once: no "Never synced" for an account that was.
      for (const entry of result.value.accounts) marks.get(entry.accountId)?.(entry.sync)
    } else {
      summaryError.value = result.error
    }
  })

  /** Reads the scope's summary again (joins a read under way). */
  function loadSummary(): Promise<void> {
    return summaryReads.request(scopeIds.value.join('\n'))
  }

  /** The summary of the scope shown now, or null until it answered. */
  const scopeSummary = computed<ScopeSummary | null>(() => (summaryFor.value === scopeIds.value.join('\n') ? summary.value : null))

  /** What the store knows of one account of the scope. */
  function scopeAccount(accountId: string | null): ScopeAccount | null {
    return scopeSummary.value?.accounts.find((a) => a.accountId === accountId) ?? null
  }

  watch(scopeIds, () => void loadSummary(), { immediate: true })

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (scopeIds.value.includes(change.accountId)) void loadSummary()
      // Only events changed: the feeds read them themselves; sites and tags stay as they are.
      if ((change.sites || change.tags) && isActive(change.accountId)) void load(change.accountId)
    }),
  )

  // A newly active account shows what was read before at once and is read again.
  watch(
    () => accounts.activeAccountId,
    (accountId) => void load(accountId),
    { immediate: true },
  )

  // Entering the All scope (or an account joining it) reads every account not read yet.
  watch(
    () => (accounts.isAllScope ? accounts.accounts.map((a) => a.id).join('\n') : ''),
    (ids) => {
      if (!ids) return
      for (const id of ids.split('\n')) if (id !== accounts.activeAccountId) void load(id)
    },
    { immediate: true },
  )

  // A removed account's snapshot goes with it, and so does any read it still had pending.
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const id of Object.keys(byAccount.value)) {
        if (ids.includes(id)) continue
        delete byAccount.value[id]
        localEdits.delete(id)
        reads.forget(id)
      }
      for (const id of Object.keys(followed.value)) if (!ids.includes(id)) delete followed.value[id]
    },
  )

  return {
    scopeIds,
    scopeSummary,
    summaryError,
    scopeAccount,
    loadSummary,
    byAccount,
    current,
    snapshot,
    allSites,
    allSearchKeys,
    scopeEntries,
    scopeSettled,
    load,
    follow,
    putSite,
    dropSite,
    putTag,
    dropTag,
  }
})

// The one data layer over core's local store (DESIGN.md, "How data flows"): per account, the
// last snapshot of its sites and tags, read at once when the account becomes active and read
// again whenever core says it changed ('workspace:changed'). Reads are single-flight per
// account (a burst of changes costs one more read, not one each), an answer for an account
// that is no longer active or no longer exists is dropped, and a read that started before a
// local change (a create or delete already shown) is not allowed to undo it.
import { defineStore } from 'pinia'
import { computed, markRaw, onScopeDispose, ref, watch } from 'vue'
import type { AppError, Site, Tag, WorkspaceSnapshot } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { LazySearchKeys, searchKeyOf } from '../lib/site-query'
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

  function isActive(accountId: string): boolean {
    return accounts.activeAccountId === accountId && accounts.accounts.some((a) => a.id === accountId)
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

  onScopeDispose(
    api.on('workspace:changed', (change) => {
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
    },
  )

  return { byAccount, current, snapshot, load, putSite, dropSite, putTag, dropTag }
})

// What the renderer knows of the scope without holding its sites (DESIGN.md, "How data flows"):
// the scope's summary as core's store has it (`workspace:scope`): each account's stored sync
// state, its counts and its tags with how many sites carry each, and its revision. Read at once
// when the scope is set (no network: core answers from its store) and again whenever core says
// the sites or tags of an account of the scope changed ('workspace:changed'), one read at a time
// with one more after a burst; in a scope of several accounts, only the changed account's. An
// answer for a scope the person has left is dropped. The sites themselves are asked
// for by the views that show them: the Sites table through its window (stores/site-window.ts),
// a site page by its key.
import { defineStore } from 'pinia'
import { computed, markRaw, onScopeDispose, shallowRef, watch } from 'vue'
import type { AppError, Tag } from '../../../shared'
import type { ScopeAccount, ScopeSummary } from '../../../shared/sites-query'
import { useApi } from '../lib/api'
import { madeOnFirstUse } from '../lib/made-on-first-use'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { useAccountsStore } from './accounts'
import { useSyncStore } from './sync'

// Made when first used: a cold Collator loads its locale's collation data (lib/made-on-first-use.ts).
const byName = madeOnFirstUse(() => new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }))

export function sortTags<T extends Tag>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => byName().compare(a.name, b.name) || a.id - b.id)
}

export const useWorkspaceStore = defineStore('workspace', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const sync = useSyncStore()

  /** The accounts of the scope, in the switcher's order. */
  const scopeIds = computed<string[]>(() => accounts.scopeAccounts.map((a) => a.id))
  const scopeKey = computed(() => scopeIds.value.join('\n'))
  const summary = shallowRef<ScopeSummary | null>(null)
  /** Whose scope the summary is (ids joined), so a summary of the scope left is not shown for the next. */
  const summaryFor = shallowRef('')
  const summaryError = shallowRef<AppError | null>(null)

  const reads = coalesce(async (key) => {
    const scope = key === '' ? [] : key.split('\n')
    if (scope.length === 0) return
    const marks = new Map(scope.map((id) => [id, sync.readMark(id)]))
    const result = await call(() => api.workspaceScope({ scope }))
    // The scope changed meanwhile: this answer has nowhere to go (reads of one scope run one at a time).
    if (scopeKey.value !== key) return
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
    return reads.request(scopeKey.value)
  }

  // One account of a scope of several changed: its own summary is read and put in place of the
  // one shown (a fifth of the whole at five accounts; a sync of one account while the others sync
  // too pushed a change every second or so, each a read of them all). An answer older than the
  // one shown (a read of the whole scope that started later answered first) is not taken.
  const accountReads = coalesce(async (accountId) => {
    const key = scopeKey.value
    const mark = sync.readMark(accountId)
    const result = await call(() => api.workspaceScope({ scope: [accountId] }))
    if (scopeKey.value !== key || summaryFor.value !== key || summary.value === null) return
    const fresh = result.ok ? result.value.accounts[0] : undefined
    // Gone meanwhile, or not answered: the whole scope's read says what there is now.
    if (fresh === undefined || fresh.accountId !== accountId) return void loadSummary()
    const shown = summary.value.accounts
    if (!shown.some((a) => a.accountId === accountId && a.revision <= fresh.revision)) return
    summary.value = markRaw({ ...summary.value, accounts: shown.map((a) => (a.accountId === accountId ? fresh : a)) })
    mark?.(fresh.sync)
  })

  /** Reads again what a change to one account of the scope may have changed. */
  function accountChanged(accountId: string): Promise<void> {
    // The whole scope when it is that account alone, or while its summary is not shown yet or
    // being read (that read, or the one more after it, covers the change).
    if (scopeIds.value.length === 1 || summaryFor.value !== scopeKey.value || reads.running(scopeKey.value)) return loadSummary()
    return accountReads.request(accountId)
  }

  /** The summary of the scope shown now, or null until it answered. */
  const scopeSummary = computed<ScopeSummary | null>(() => (summaryFor.value === scopeKey.value ? summary.value : null))

  /** What the store knows of one account of the scope (null: not in the scope, or not read yet). */
  function scopeAccount(accountId: string | null): ScopeAccount | null {
    return scopeSummary.value?.accounts.find((a) => a.accountId === accountId) ?? null
  }

  /** The active account's tags by name, each with how many sites carry it (empty until read). */
  const tags = computed(() => sortTags(scopeAccount(accounts.activeAccountId)?.tags ?? []))

  watch(scopeKey, () => void loadSummary(), { immediate: true })

  onScopeDispose(
    api.on('workspace:changed', (change) => {
      // Events alone change nothing the summary is read for (sync state, site and pending counts,
      // tags); every account's backfill pushes such a change each second, a read each.
      if (!change.sites && !change.tags) return
      if (scopeIds.value.includes(change.accountId)) void accountChanged(change.accountId)
    }),
  )

  return { scopeIds, summary, summaryFor, scopeSummary, summaryError, scopeAccount, tags, loadSummary }
})

// What the Sites view's list shows in place of rows, and its totals: skeletons while nothing is
// known, why it cannot show (not synced, the first sync failed, core's answer failed), the empty
// scope, or the table. The totals are the window's once it answered, the store's summary before.
import { computed } from 'vue'
import { useSiteWindowStore } from '../stores/site-window'
import { useWorkspaceStore } from '../stores/workspace'
import type { useScopeState } from './useScopeState'

export function useSitesListStatus(scope: ReturnType<typeof useScopeState>) {
  const workspace = useWorkspaceStore()
  const siteWindow = useSiteWindowStore()

  /** The scope's rows as far as the store knows them (the summary), before the query answered. */
  const knownRows = computed(() => workspace.scopeSummary?.accounts.reduce((sum, a) => sum + a.siteCount, 0) ?? null)
  /** The view's totals, only once the whole scope answered this query: never a part as the whole. */
  const answered = computed(() => siteWindow.answered)
  const total = computed(() => (siteWindow.total === null ? 0 : siteWindow.total))
  const scopeTotal = computed(() => siteWindow.scopeTotal ?? knownRows.value ?? 0)

  const hasRows = computed(() => scopeTotal.value > 0)
  // Skeletons only while nothing is known (the store being read, a first sync under way with
  // nothing stored yet): once an answer or the summary says there are rows, the table shows and
  // its rows fill in as core answers.
  const skeleton = computed(() => {
    if (siteWindow.total !== null && scopeTotal.value > 0) return false
    if (siteWindow.total === null && (knownRows.value ?? 0) > 0) return true
    return scope.loading.value
  })
  const blocked = computed(() => !hasRows.value && !skeleton.value && scope.cannotShow.value)
  const isEmpty = computed(() => !hasRows.value && siteWindow.scopeTotal === 0 && scope.settledEmpty.value)

  /** The view's rows could not be read from core, and none are shown. */
  const windowError = computed(() => (siteWindow.total === null ? siteWindow.error : null))

  return { answered, total, scopeTotal, hasRows, skeleton, blocked, isEmpty, windowError }
}

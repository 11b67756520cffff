// What has been typed into the New site form, kept per account: the form is kept on purpose
// when the dialog closes or a request fails, but a private key or tag ids typed for one
// account must never be shown, or sent, under another. Drafts live in memory only.
import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import { emptyDraft, type SiteDraft } from '../lib/site-draft'
import { useAccountsStore } from './accounts'
import { useWorkspaceStore } from './workspace'

export const useSiteDraftsStore = defineStore('siteDrafts', () => {
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const drafts = ref<Record<string, SiteDraft>>({})

  /** The account's draft (made empty the first time); edits to it are kept. */
  function draftFor(accountId: string): SiteDraft {
    if (!drafts.value[accountId]) drafts.value[accountId] = emptyDraft()
    // Read back through the reactive map so edits through the returned object are tracked.
    return drafts.value[accountId]!
  }

  function clear(accountId: string): void {
    delete drafts.value[accountId]
  }

  // A tag deleted (here or elsewhere) leaves the drafts that picked it: sending its id would
  // earn a 422 for a tag the person can no longer see or unpick. Only a read summary decides.
  watch(
    () => (workspace.scopeSummary?.accounts ?? []).map((entry) => [entry.accountId, entry.tags] as const),
    (lists) => {
      for (const [accountId, list] of lists) {
        const draft = drafts.value[accountId]
        if (!list || !draft || draft.tagIds.length === 0) continue
        const known = new Set(list.map((t) => t.id))
        if (draft.tagIds.some((id) => !known.has(id))) draft.tagIds = draft.tagIds.filter((id) => known.has(id))
      }
    },
  )

  // A removed account takes its draft (and the private key in it) with it.
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const accountId of Object.keys(drafts.value)) if (!ids.includes(accountId)) clear(accountId)
    },
  )

  return { drafts, draftFor, clear }
})

// A tag key's name for the Sites view's tag filter: from the scope's summary, with its account
// in a scope of several (two accounts may each have a tag of that name).
import { computed } from 'vue'
import { parseKey, type TagKey } from '../../../shared/scope'
import { useAccountsStore } from '../stores/accounts'
import { useWorkspaceStore } from '../stores/workspace'

/** `all`: a scope of several accounts. */
export function useTagNames(all: () => boolean): (key: TagKey) => string {
  const accounts = useAccountsStore()
  const workspace = useWorkspaceStore()
  const tagNames = computed(() => {
    const names = new Map<TagKey, string>()
    for (const account of workspace.scopeSummary?.accounts ?? []) {
      const label = accounts.accounts.find((a) => a.id === account.accountId)?.label
      for (const tag of account.tags) names.set(`${account.accountId}:${tag.id}`, all() && label ? `${tag.name} (${label})` : tag.name)
    }
    return names
  })
  return (key) => tagNames.value.get(key) ?? `Tag #${parseKey(key)?.id ?? key}`
}

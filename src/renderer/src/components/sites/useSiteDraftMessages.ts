// What the New site form says about its draft: each field's errors, the https:// offered for an
// address typed without it, the messages that name no field, a failure, and the site of the
// account already at the typed address (asked of core through the site-lookup store). A field's
// message goes once the field changes from what was checked.
import { computed, nextTick, ref, watch, type Ref } from 'vue'
import type { AppError, Site } from '../../../../shared'
import { addressKey, draftSuggestions, type DraftErrors, type DraftSuggestions, type SiteDraft } from '../../lib/site-draft'
import { useSiteLookupStore } from '../../stores/site-lookup'

export function useSiteDraftMessages(draft: Ref<SiteDraft>) {
  const lookup = useSiteLookupStore()
  const errors = ref<DraftErrors>({})
  const suggestions = ref<DraftSuggestions>({})
  const general = ref<string[]>([])
  const failure = ref<AppError | null>(null)
  /** The site of the account that already has the typed address, while the person is asked. */
  const sameAddress = ref<Site | null>(null)

  // What each field held when it was last checked: its message goes away once it changes.
  let lastChecked: Partial<Record<keyof SiteDraft, string>> = {}

  function resetMessages(): void {
    errors.value = {}
    suggestions.value = {}
    general.value = []
    failure.value = null
    sameAddress.value = null
    lastChecked = {}
  }

  function rememberChecked(): void {
    lastChecked = Object.fromEntries(Object.entries(draft.value).map(([k, v]) => [k, JSON.stringify(v)]))
  }

  watch(
    draft,
    (now) => {
      // An offered address goes once the address is edited (or the offer taken).
      const offered = (Object.keys(suggestions.value) as Array<keyof DraftSuggestions>).filter(
        (field) => JSON.stringify(now[field]) !== lastChecked[field],
      )
      if (offered.length > 0) {
        const next = { ...suggestions.value }
        for (const field of offered) delete next[field]
        suggestions.value = next
      }
      if (sameAddress.value && JSON.stringify(now.url) !== lastChecked.url) sameAddress.value = null
      const stale = (Object.keys(errors.value) as Array<keyof SiteDraft>).filter(
        (field) => JSON.stringify(now[field]) !== lastChecked[field],
      )
      if (stale.length === 0) return
      const next = { ...errors.value }
      for (const field of stale) delete next[field]
      errors.value = next
    },
    { deep: true },
  )

  const hasErrors = computed(() => Object.keys(errors.value).length > 0 || Object.keys(suggestions.value).length > 0)

  /** Offers https:// for an address typed without it, once the person leaves the field. */
  function offerHttps(field: keyof DraftSuggestions): void {
    const offered = draftSuggestions(draft.value)[field]
    if (!offered) return
    suggestions.value = { ...suggestions.value, [field]: offered }
    lastChecked = { ...lastChecked, [field]: JSON.stringify(draft.value[field]) }
  }

  async function useSuggestion(field: keyof DraftSuggestions, value: string, inputId: string): Promise<void> {
    draft.value[field] = value
    await nextTick()
    document.getElementById(inputId)?.focus()
  }

  /** A site of the account at the same address, however it was written (asked of core's store). */
  async function siteWithSameAddress(accountId: string, url: string): Promise<Site | null> {
    if (!addressKey(url)) return null
    const found = await lookup.sitesAt(accountId, [url])
    // Not knowing is no reason to refuse: the server takes a second site at an address anyway.
    return found.ok ? (found.value[0] ?? null) : null
  }

  return { errors, suggestions, general, failure, sameAddress, hasErrors, resetMessages, rememberChecked, offerHttps, useSuggestion, siteWithSameAddress }
}

// One read of core about the site a page shows (its history, its health), held while the page
// shows that site: read afresh when the page shows a site, and again quietly when core says
// something of its account changed (the store owning it decides which pushes matter). A quiet
// read that fails keeps what is shown; an answer for a site the page has left, or overtaken by
// a later read, is dropped. Nothing is read while no page shows a site.
import { ref, shallowRef } from 'vue'
import type { AppError, Result } from '../../../shared'
import { call } from '../lib/call'

export interface ShownSite {
  accountId: string
  siteId: number
}

export function followedSiteRead<T>(read: (site: ShownSite) => Promise<Result<T>>) {
  /** The site the page shows, or null while none does. */
  const site = shallowRef<ShownSite | null>(null)
  const value = shallowRef<T | null>(null)
  const error = ref<AppError | null>(null)
  const loading = ref(false)
  let asked = 0

  async function load(quiet = false): Promise<void> {
    const shown = site.value
    if (!shown) return
    const request = ++asked
    if (!quiet) loading.value = true
    const result = await call(() => read(shown))
    if (request !== asked) return
    loading.value = false
    if (result.ok) {
      value.value = result.value
      error.value = null
    } else if (!quiet || value.value === null) {
      // A failed quiet read keeps what is shown.
      error.value = result.error
    }
  }

  /** The page shows this site (it opened, or its address changed): read afresh. */
  function show(accountId: string, siteId: number): Promise<void> {
    site.value = { accountId, siteId }
    value.value = null
    error.value = null
    return load()
  }

  /** The page left the site: nothing more is read for it, and an answer under way is dropped. */
  function leave(accountId: string, siteId: number): void {
    const shown = site.value
    if (!shown || shown.accountId !== accountId || shown.siteId !== siteId) return
    site.value = null
    asked++
    loading.value = false
  }

  /** Core changed something in these accounts: read again quietly if the site is of one. */
  function changedIn(accountIds: readonly string[]): void {
    if (site.value && accountIds.includes(site.value.accountId)) void load(true)
  }

  return { site, value, error, loading, load, show, leave, changedIn }
}

export type FollowedSiteRead<T> = ReturnType<typeof followedSiteRead<T>>

/**
 * What a store of one site read gives its page besides the answer, which the store names
 * itself (history, health): the site shown, the read's state, and showing, leaving, reading.
 */
export function followedSiteReadState<T>(read: FollowedSiteRead<T>) {
  return { site: read.site, error: read.error, loading: read.loading, show: read.show, leave: read.leave, load: read.load }
}

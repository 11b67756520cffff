// Sites of each account: one API page for quick first paint and paging, the whole list for
// filtering and sorting, and full reads of single sites. Everything is keyed by account id,
// and each request remembers which account (and which generation) it was for, so a late
// answer can never land under another account's name or overwrite a newer one. Lists are
// always replaced whole and marked raw: hundreds of sites need no deep reactivity.
import { defineStore } from 'pinia'
import { computed, markRaw, ref, watch } from 'vue'
import type { AppError, NewSite, Page, Result, Site } from '../../../shared'
import { call } from '../lib/call'
import { NO_ACCOUNT, useAccountsStore, type LoadStatus } from './accounts'
import { onTokenRestored } from './token-restored'

export interface AccountSites {
  /** The whole list once fetched (later: once synced); null before. */
  all: Site[] | null
  allStatus: LoadStatus
  allError: AppError | null
  /** Progress of fetching the whole list, from core's sync:progress pushes. */
  progress: { done: number; total: number | null } | null
  /** The API page last asked for. */
  page: Page<Site> | null
  pageNumber: number
  pageStatus: LoadStatus
  pageError: AppError | null
  /** Sites read one by one (sites:get), the freshest copy of each. */
  details: Record<number, Site>
}

function emptyAccountSites(): AccountSites {
  return {
    all: null,
    allStatus: 'idle',
    allError: null,
    progress: null,
    page: null,
    pageNumber: 1,
    pageStatus: 'idle',
    pageError: null,
    details: {},
  }
}

export const useSitesStore = defineStore('sites', () => {
  const accounts = useAccountsStore()
  const byAccount = ref<Record<string, AccountSites>>({})
  // Generation counters: only the newest request of a kind may write its answer.
  const generations = new Map<string, number>()
  // Requests under way, by kind and account: asking again (repeated Ctrl+R) joins them.
  const inFlight = new Map<string, Promise<void>>()

  function singleFlight(key: string, run: () => Promise<void>): Promise<void> {
    const running = inFlight.get(key)
    if (running) return running
    const promise = run().finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key)
    })
    inFlight.set(key, promise)
    return promise
  }

  function slot(accountId: string): AccountSites {
    let entry = byAccount.value[accountId]
    if (!entry) {
      byAccount.value[accountId] = emptyAccountSites()
      entry = byAccount.value[accountId]!
    }
    return entry
  }

  function nextGeneration(key: string): () => boolean {
    const generation = (generations.get(key) ?? 0) + 1
    generations.set(key, generation)
    return () => generations.get(key) === generation
  }

  function noteFailure(accountId: string, error: AppError): void {
    if (error.code === 'unauthorized') accounts.markRefused(accountId)
  }

  const current = computed<AccountSites | null>(() => {
    const id = accounts.activeAccountId
    return id ? (byAccount.value[id] ?? null) : null
  })

  /** The active account's sites: the whole list when known, otherwise the current page. */
  const allSites = computed<Site[]>(() => current.value?.all ?? current.value?.page?.data ?? [])
  const isComplete = computed(() => current.value?.all != null)
  /** Number of all sites of the account, as soon as any answer told it. */
  const total = computed<number | null>(() => current.value?.all?.length ?? current.value?.page?.meta.total ?? null)

  /** The active account's sites by id (fresh single reads win over list rows): every event row asks. */
  const index = computed(() => {
    const entry = current.value
    const map = new Map<number, Site>()
    if (!entry) return map
    for (const site of entry.page?.data ?? []) map.set(site.id, site)
    for (const site of entry.all ?? []) map.set(site.id, site)
    for (const site of Object.values(entry.details)) map.set(site.id, site)
    return map
  })

  function siteById(id: number): Site | undefined {
    return index.value.get(id)
  }

  function loadPage(pageNumber: number): Promise<void> {
    const accountId = accounts.activeAccountId
    if (!accountId) return Promise.resolve()
    return singleFlight(`page:${accountId}:${pageNumber}`, () => fetchPage(accountId, pageNumber))
  }

  async function fetchPage(accountId: string, pageNumber: number): Promise<void> {
    const entry = slot(accountId)
    const isLatest = nextGeneration(`page:${accountId}`)
    entry.pageNumber = pageNumber
    entry.pageStatus = 'loading'
    const result = await call(() => window.api.sitesList({ accountId, page: pageNumber }))
    if (!isLatest() || byAccount.value[accountId] !== entry) return
    if (result.ok) {
      entry.page = markRaw(result.value)
      entry.pageError = null
      entry.pageStatus = 'ready'
    } else {
      entry.pageError = result.error
      entry.pageStatus = 'error'
      noteFailure(accountId, result.error)
    }
  }

  /** Fetches the whole list; while one fetch runs for the account, asking again joins it. */
  function loadAll(): Promise<void> {
    const accountId = accounts.activeAccountId
    if (!accountId) return Promise.resolve()
    return singleFlight(`all:${accountId}`, () => fetchAll(accountId))
  }

  async function fetchAll(accountId: string): Promise<void> {
    const entry = slot(accountId)
    entry.allStatus = 'loading'
    entry.progress = null
    const result = await call(() => window.api.sitesAll({ accountId }))
    // The account was removed meanwhile: its answer has nowhere to go.
    if (byAccount.value[accountId] !== entry) return
    entry.progress = null
    if (result.ok) {
      entry.all = markRaw(result.value)
      entry.allError = null
      entry.allStatus = 'ready'
    } else {
      entry.allError = result.error
      entry.allStatus = 'error'
      noteFailure(accountId, result.error)
    }
  }

  /** First page and whole list for the active account, unless already there or under way. */
  async function ensureLoaded(): Promise<void> {
    const accountId = accounts.activeAccountId
    if (!accountId) return
    const entry = slot(accountId)
    const work: Promise<void>[] = []
    if (entry.pageStatus === 'idle') work.push(loadPage(1))
    if (entry.allStatus === 'idle') work.push(loadAll())
    await Promise.all(work)
  }

  /** Reloads what the active account shows now (keeps the old rows visible meanwhile). */
  async function refresh(): Promise<void> {
    const entry = current.value
    await Promise.all([loadPage(entry?.pageNumber ?? 1), loadAll()])
  }

  /** Reads one site fresh from the server (everything the spec returns). */
  async function fetchSite(siteId: number): Promise<Result<Site>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => window.api.sitesGet({ accountId, siteId }))
    // Looked up afresh, never created: the account may have been removed meanwhile.
    const entry = byAccount.value[accountId]
    if (result.ok) {
      if (entry) {
        entry.details[siteId] = markRaw(result.value)
        if (entry.all) entry.all = markRaw(entry.all.map((s) => (s.id === siteId ? result.value : s)))
      }
    } else {
      noteFailure(accountId, result.error)
      // Deleted elsewhere: it leaves the lists too, and the view says it no longer exists.
      if (result.error.code === 'not_found' && entry) forget(entry, siteId)
    }
    return result
  }

  /** Takes a site that is gone on the server out of an account's cached lists. */
  function forget(entry: AccountSites, siteId: number): void {
    delete entry.details[siteId]
    if (entry.all) entry.all = markRaw(entry.all.filter((s) => s.id !== siteId))
    if (entry.page) {
      const data = entry.page.data.filter((s) => s.id !== siteId)
      const removed = entry.page.data.length - data.length
      if (removed > 0) entry.page = markRaw({ ...entry.page, data, meta: { ...entry.page.meta, total: entry.page.meta.total - removed } })
    }
  }

  /**
   * Creates a site, then reads it back: the create answer omits tags and updates_count (spec
   * 2.1), and the view must show the site as the server stores it.
   */
  async function create(site: NewSite): Promise<Result<Site>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const created = await call(() => window.api.sitesCreate({ accountId, site }))
    if (!created.ok) {
      noteFailure(accountId, created.error)
      return created
    }
    const readBack = await call(() => window.api.sitesGet({ accountId, siteId: created.value.id }))
    const stored = readBack.ok ? readBack.value : created.value
    const entry = byAccount.value[accountId]
    if (entry) {
      entry.details[stored.id] = markRaw(stored)
      if (entry.all) entry.all = markRaw([...entry.all.filter((s) => s.id !== stored.id), stored])
      if (entry.page) entry.page = markRaw({ ...entry.page, meta: { ...entry.page.meta, total: entry.page.meta.total + 1 } })
    }
    return { ok: true, value: stored }
  }

  /** Deletes a site; it leaves the lists only once the server said yes. */
  async function remove(siteId: number): Promise<Result<void>> {
    const accountId = accounts.activeAccountId
    if (!accountId) return { ok: false, error: NO_ACCOUNT }
    const result = await call(() => window.api.sitesDelete({ accountId, siteId }))
    if (!result.ok) {
      noteFailure(accountId, result.error)
      return result
    }
    const entry = byAccount.value[accountId]
    if (entry) forget(entry, siteId)
    return result
  }

  /**
   * A tag deleted on the server is gone from that account's sites too (the server detaches
   * it): drop it from every cached row now rather than showing it until the next reload.
   */
  function dropTag(accountId: string, tagId: number): void {
    const entry = byAccount.value[accountId]
    if (!entry) return
    const strip = (site: Site): Site =>
      site.tags.some((t) => t.id === tagId) ? { ...site, tags: site.tags.filter((t) => t.id !== tagId) } : site
    if (entry.all) entry.all = markRaw(entry.all.map(strip))
    if (entry.page) entry.page = markRaw({ ...entry.page, data: entry.page.data.map(strip) })
    for (const site of Object.values(entry.details)) entry.details[site.id] = markRaw(strip(site))
  }

  /** Core reports how far paging through all sites got; shown as progress in the table. */
  function listen(): () => void {
    return window.api.on('sync:progress', (progress) => {
      if (progress.what !== 'sites') return
      const entry = byAccount.value[progress.accountId]
      if (entry && entry.allStatus === 'loading') entry.progress = { done: progress.done, total: progress.total }
    })
  }

  // A newly active account gets its sites without any view having to ask.
  watch(
    () => accounts.activeAccountId,
    (id) => {
      if (id) void ensureLoaded()
    },
    { immediate: true },
  )

  // A new token (or an unlocked keychain) brings the refused lists back without a click.
  onTokenRestored(() => void refresh())

  // A removed account's sites are forgotten with it, and so are its request counters.
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const id of Object.keys(byAccount.value)) {
        if (!ids.includes(id)) delete byAccount.value[id]
      }
      for (const map of [generations, inFlight]) {
        for (const key of map.keys()) {
          const accountId = key.split(':')[1]
          if (accountId !== undefined && !ids.includes(accountId)) map.delete(key)
        }
      }
    },
  )

  return {
    byAccount,
    current,
    allSites,
    isComplete,
    total,
    siteById,
    loadPage,
    loadAll,
    ensureLoaded,
    refresh,
    fetchSite,
    create,
    remove,
    dropTag,
    listen,
  }
})

// How the sites table lays out its columns, per account (which are shown, in which order, and
// the widths the person dragged), and how dense its rows are (one choice for the whole app).
// Kept by core in prefs (`sites.columns:<accountId>`, deleted with the account, and
// `sites.density`), so the table looks the same after a restart. A change shows at once and
// is written a moment later: dragging a column edge changes its width many times a second,
// and only where it ends up needs saving. The export reads visibleKeys, so a file holds the
// columns the person sees. Health (core's own checks, not a field of the site) is a column of
// the layout like the fields: shown or hidden, moved and resized.
import { defineStore } from 'pinia'
import { reactive, ref } from 'vue'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { SITE_FIELD_KEYS, isSiteFieldKey, type SiteFieldKey } from '../lib/site-fields'

/** A column of the layout: a site field, or Health. */
export type LayoutKey = SiteFieldKey | 'health'

export function isLayoutKey(value: unknown): value is LayoutKey {
  return value === 'health' || isSiteFieldKey(value)
}

export interface ColumnLayout {
  /** Every column, in display order; Name is always first. */
  order: LayoutKey[]
  hidden: LayoutKey[]
  /** Widths the person set by dragging (CSS pixels); a column without one is sized to its content. */
  widths: Partial<Record<LayoutKey, number>>
}

export type Density = 'comfortable' | 'compact'

/** The column that names the row: always shown, always first, so rows can be told apart. */
export const PINNED_KEY: SiteFieldKey = 'name'

export const DEFAULT_HIDDEN: readonly LayoutKey[] = ['adminUrl', 'ip', 'notes', 'published', 'created']
/** Name, Address, Status, Health, Updates, PHP, MySQL, Web server, Tags, Last check, then the hidden ones. */
export const DEFAULT_ORDER: readonly LayoutKey[] = [
  'name',
  'url',
  'status',
  'health',
  'updates',
  'php',
  'mysql',
  'web',
  'tags',
  'lastCheck',
  'adminUrl',
  'ip',
  'notes',
  'published',
  'created',
]

export const MIN_COLUMN_WIDTH = 48
export const MAX_COLUMN_WIDTH = 1200
/** How long after the last change the layout is written. */
export const SAVE_DELAY_MS = 400

/**
 * The layout's pref key: per account (`sites.columns:<accountId>`, dropped with the account), and
 * one of its own for the All accounts scope (core's pref keys end in an account id or nothing).
 */
export const columnsPrefKey = (layoutKey: string) =>
  layoutKey === 'all' ? 'sites.columns.all' : `sites.columns:${layoutKey}`
export const DENSITY_PREF_KEY = 'sites.density'

export function defaultLayout(): ColumnLayout {
  return { order: [...DEFAULT_ORDER], hidden: [...DEFAULT_HIDDEN], widths: {} }
}

const clampWidth = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)))

/**
 * What prefs held, made whole: unknown keys dropped, fields added since it was saved put
 * last, Name first and shown, widths that are numbers in range. A
 * hand-edited or old store cannot break the table.
 */
export function normaliseLayout(value: unknown): ColumnLayout {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  const order: LayoutKey[] = []
  for (const key of Array.isArray(stored.order) ? (stored.order as unknown[]) : []) {
    if (isLayoutKey(key) && !order.includes(key)) order.push(key)
  }
  const hiddenSource = Array.isArray(stored.hidden) ? (stored.hidden as unknown[]) : DEFAULT_HIDDEN
  // A layout saved before Health was in it: Health where the table always drew it, after a
  // shown Status, else after Name.
  if (order.length > 0 && !order.includes('health')) {
    const status = order.indexOf('status')
    order.splice(status >= 0 && !hiddenSource.includes('status') ? status + 1 : order.indexOf(PINNED_KEY) + 1, 0, 'health')
  }
  // Fields the saved order does not list (added to the app since) go last, in default order.
  for (const key of DEFAULT_ORDER) if (!order.includes(key)) order.push(key)
  for (const key of SITE_FIELD_KEYS) if (!order.includes(key)) order.push(key)
  order.splice(order.indexOf(PINNED_KEY), 1)
  order.unshift(PINNED_KEY)

  const hidden = order.filter((key) => key !== PINNED_KEY && hiddenSource.includes(key))

  const widths: Partial<Record<LayoutKey, number>> = {}
  const storedWidths = (typeof stored.widths === 'object' && stored.widths !== null ? stored.widths : {}) as Record<string, unknown>
  for (const [key, width] of Object.entries(storedWidths)) {
    if (isLayoutKey(key) && typeof width === 'number' && Number.isFinite(width)) widths[key] = clampWidth(width)
  }
  return { order, hidden, widths }
}

export const useSiteColumnsStore = defineStore('siteColumns', () => {
  const api = useApi()
  const layouts = reactive<Record<string, ColumnLayout>>({})
  const loaded = new Set<string>()
  const loading = new Set<string>()
  /** Accounts changed here before their saved layout came back: the change wins. */
  const changedBeforeLoad = new Set<string>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()

  const density = ref<Density>('comfortable')
  let densityLoaded = false

  async function load(accountId: string): Promise<void> {
    loading.add(accountId)
    const result = await call(() => api.prefsGet({ key: columnsPrefKey(accountId) }))
    loading.delete(accountId)
    if (changedBeforeLoad.delete(accountId)) return
    if (result.ok && result.value !== null) layouts[accountId] = normaliseLayout(result.value)
  }

  async function loadDensity(): Promise<void> {
    const result = await call(() => api.prefsGet({ key: DENSITY_PREF_KEY }))
    if (result.ok && (result.value === 'compact' || result.value === 'comfortable')) density.value = result.value
  }

  /** The account's layout (the defaults until its saved one has been read). */
  function layout(accountId: string): ColumnLayout {
    if (!densityLoaded) {
      densityLoaded = true
      void loadDensity()
    }
    let current = layouts[accountId]
    if (current === undefined) {
      layouts[accountId] = defaultLayout()
      current = layouts[accountId]!
    }
    if (accountId !== '' && !loaded.has(accountId)) {
      loaded.add(accountId)
      void load(accountId)
    }
    return current
  }

  /** The columns shown, in display order, Health among them when shown: the table's columns and an export's. */
  function shownColumns(accountId: string): LayoutKey[] {
    const { order, hidden } = layout(accountId)
    return order.filter((key) => !hidden.includes(key))
  }

  /** The site fields shown, in display order: what the rows carry and the widths are measured for. */
  function visibleKeys(accountId: string): SiteFieldKey[] {
    return shownColumns(accountId).filter(isSiteFieldKey)
  }

  function save(accountId: string): void {
    if (accountId === '') return
    const pending = timers.get(accountId)
    if (pending !== undefined) clearTimeout(pending)
    timers.set(
      accountId,
      setTimeout(() => void write(accountId), SAVE_DELAY_MS),
    )
  }

  async function write(accountId: string): Promise<void> {
    timers.delete(accountId)
    const current = layouts[accountId]
    if (!current) return
    // Plain data: a reactive proxy cannot be cloned across the bridge.
    const value = JSON.parse(JSON.stringify(current)) as ColumnLayout
    await call(() => api.prefsSet({ key: columnsPrefKey(accountId), value }))
  }

  /** Writes what is waiting now (on leaving, and for tests). */
  async function flush(): Promise<void> {
    const waiting = [...timers.keys()]
    for (const accountId of waiting) clearTimeout(timers.get(accountId))
    await Promise.all(waiting.map(write))
  }

  function change(accountId: string, apply: (layout: ColumnLayout) => void): void {
    const current = layout(accountId)
    if (loading.has(accountId)) changedBeforeLoad.add(accountId)
    apply(current)
    save(accountId)
  }

  function setWidth(accountId: string, key: LayoutKey, width: number): void {
    const next = clampWidth(width)
    if (layout(accountId).widths[key] === next) return
    change(accountId, (l) => (l.widths[key] = next))
  }

  /** Back to the width of the content (double-click on the column's edge). */
  function resetWidth(accountId: string, key: LayoutKey): void {
    if (layout(accountId).widths[key] === undefined) return
    change(accountId, (l) => delete l.widths[key])
  }

  function hide(accountId: string, key: LayoutKey): void {
    if (key === PINNED_KEY || layout(accountId).hidden.includes(key)) return
    change(accountId, (l) => l.hidden.push(key))
  }

  function show(accountId: string, key: LayoutKey): void {
    if (!layout(accountId).hidden.includes(key)) return
    change(accountId, (l) => l.hidden.splice(l.hidden.indexOf(key), 1))
  }

  function setShown(accountId: string, key: LayoutKey, shown: boolean): void {
    if (shown) show(accountId, key)
    else hide(accountId, key)
  }

  /**
   * Where a column goes one place earlier (-1) or later (1), or -1 when it cannot: a shown
   * column steps over hidden ones, so every move changes what the person sees; Name stays first.
   */
  function target(l: ColumnLayout, key: LayoutKey, by: -1 | 1): number {
    if (key === PINNED_KEY) return -1
    const shown = !l.hidden.includes(key)
    let to = l.order.indexOf(key) + by
    while (shown && to > 0 && to < l.order.length && l.hidden.includes(l.order[to]!)) to += by
    return to > 0 && to < l.order.length ? to : -1
  }

  function canMove(accountId: string, key: LayoutKey, by: -1 | 1): boolean {
    return target(layout(accountId), key, by) >= 0
  }

  function move(accountId: string, key: LayoutKey, by: -1 | 1): void {
    const to = target(layout(accountId), key, by)
    if (to < 0) return
    change(accountId, (l) => {
      l.order.splice(l.order.indexOf(key), 1)
      l.order.splice(to, 0, key)
    })
  }

  /** Default columns, order and content widths again. */
  function reset(accountId: string): void {
    change(accountId, (l) => Object.assign(l, defaultLayout()))
  }

  function setDensity(next: Density): void {
    densityLoaded = true
    if (density.value === next) return
    density.value = next
    void call(() => api.prefsSet({ key: DENSITY_PREF_KEY, value: next }))
  }

  return { layouts, layout, shownColumns, visibleKeys, setWidth, resetWidth, hide, show, setShown, canMove, move, reset, density, setDensity, flush }
})

// The health settings as the store keeps them: the globals (interval, slow threshold, warning
// days, notifications) as one value in health_meta, read back through the same bounds so a
// value a broken build wrote falls back to its default; the per-account and per-site options
// from their own table. Channel input is checked in core's schemas before it gets here.
import { HEALTH_SETTING_BOUNDS, type HealthNotifyOn, type HealthSettings, type HealthSettingsPatch } from '../../shared/health'
import { keyOf, parseKey } from '../../shared/scope'
import type { HealthStore } from './health-store'

export type HealthGlobals = Pick<HealthSettings, 'intervalMinutes' | 'slowThresholdMs' | 'warningDays' | 'concurrency' | 'notifyOn'>

export const DEFAULT_HEALTH_GLOBALS: HealthGlobals = {
  intervalMinutes: HEALTH_SETTING_BOUNDS.intervalMinutes.default,
  slowThresholdMs: HEALTH_SETTING_BOUNDS.slowThresholdMs.default,
  warningDays: HEALTH_SETTING_BOUNDS.warningDays.default,
  concurrency: HEALTH_SETTING_BOUNDS.concurrency.default,
  notifyOn: { down: true, recovered: true, certificate: true, domain: true, endOfLife: true },
}

const SETTINGS_KEY = 'settings'

export function readGlobals(store: HealthStore): HealthGlobals {
  const stored = (store.meta(SETTINGS_KEY) ?? {}) as Record<string, unknown>
  const within = (key: 'intervalMinutes' | 'slowThresholdMs' | 'warningDays' | 'concurrency'): number => {
    const value = stored[key]
    const { min, max } = HEALTH_SETTING_BOUNDS[key]
    return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : DEFAULT_HEALTH_GLOBALS[key]
  }
  const notifyOn = stored.notifyOn as Partial<Record<keyof HealthNotifyOn, unknown>> | undefined
  const flags = Object.fromEntries(
    Object.entries(DEFAULT_HEALTH_GLOBALS.notifyOn).map(([key, fallback]) => {
      const value = notifyOn?.[key as keyof HealthNotifyOn]
      return [key, typeof value === 'boolean' ? value : fallback]
    }),
  ) as unknown as HealthNotifyOn
  return { intervalMinutes: within('intervalMinutes'), slowThresholdMs: within('slowThresholdMs'), warningDays: within('warningDays'), concurrency: within('concurrency'), notifyOn: flags }
}

export function readSettings(store: HealthStore): HealthSettings {
  const { accounts, sites } = store.options()
  const siteEntries: HealthSettings['sites'] = {}
  for (const [accountId, map] of sites) for (const [siteId, options] of map) siteEntries[keyOf(accountId, siteId)] = options
  return { ...readGlobals(store), accounts: Object.fromEntries(accounts), sites: siteEntries }
}

/** Writes a checked patch; answers the settings after it. */
export function writeSettings(store: HealthStore, patch: HealthSettingsPatch): HealthSettings {
  const { account, site, ...globals } = patch
  const defined = Object.fromEntries(Object.entries(globals).filter(([, value]) => value !== undefined))
  if (Object.keys(defined).length > 0) store.setMeta(SETTINGS_KEY, { ...readGlobals(store), ...defined })
  if (account) store.setAccountEnabled(account.accountId, account.enabled)
  if (site) {
    const parsed = parseKey(site.site)
    if (parsed) {
      const current = store.options().sites.get(parsed.accountId)?.get(parsed.id) ?? { enabled: true, lookFor: null }
      const lookFor = site.lookFor === undefined ? current.lookFor : site.lookFor === null || site.lookFor.trim() === '' ? null : site.lookFor
      store.setSiteOptions(parsed.accountId, parsed.id, { enabled: site.enabled ?? current.enabled, lookFor })
    }
  }
  return readSettings(store)
}

// The service's life between requests: a monitoring pass checks every site of every account,
// as the real service does on its own schedule. A check fills the server keys of a site seen
// for the first time, moves last_check_at and, now and then, finds extension activity that
// changes updates_count and is recorded as an event.
import type { SiteEvent } from '../shared'
import { advanceExtensions, initialExtensions } from './extension-activity'
import type { StoredSite } from './model'
import type { SeededRandom } from './random'
import { IP_PREFIXES, MYSQL_VERSIONS, PHP_VERSIONS, WEB_SERVERS } from './seed/catalog'
import type { ReferenceStore } from './store'

export interface MonitoringResult {
  token: string
  events: SiteEvent[]
}

/** Chance that one check of one site finds something worth an event. */
const ACTIVITY_CHANCE = 0.25

export class MonitoringSimulation {
  constructor(
    private readonly store: ReferenceStore,
    private readonly random: SeededRandom,
  ) {}

  /**
   * Checks every site once. An account with sites always gets at least one event per pass,
   * so a pass is never a silent no-op for a demo feed or a test.
   */
  runPass(): MonitoringResult[] {
    const results: MonitoringResult[] = []
    for (const account of this.store.state.accounts) {
      const events: SiteEvent[] = []
      const sites = this.store.sites(account)
      for (const site of sites) {
        this.check(site)
        if (this.random.chance(ACTIVITY_CHANCE)) events.push(this.recordActivity(account, site))
      }
      if (events.length === 0 && sites.length > 0) events.push(this.recordActivity(account, this.random.pick(sites)))
      results.push({ token: account.token, events })
    }
    this.store.changed()
    return results
  }

  private check(site: StoredSite): void {
    const now = this.store.timestamp()
    if (site.server.ip === null) {
      site.server = {
        ip: `${this.random.pick(IP_PREFIXES)}.${this.random.int(2, 254)}`,
        web: this.random.pick(WEB_SERVERS),
        php: this.random.pick(PHP_VERSIONS),
        mysql: this.random.pick(MYSQL_VERSIONS),
      }
      site.extensions = initialExtensions(site.cms_id, this.random)
    } else if (this.random.chance(0.02)) {
      // Hosts upgrade PHP now and then; a check notices.
      site.server = { ...site.server, php: this.random.pick(PHP_VERSIONS) }
    }
    site.last_check_at = now
    site.updated_at = now
  }

  private recordActivity(account: Parameters<ReferenceStore['recordEvent']>[0], site: StoredSite): SiteEvent {
    const activity = advanceExtensions(site, this.random)
    return this.store.recordEvent(account, site.id, activity.type, activity.message)
  }
}

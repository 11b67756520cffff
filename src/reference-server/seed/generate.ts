// The seeded demo data generator: the same seed, counts and anchor time give the same
// accounts, byte for byte. Sites look like a small agency's portfolio; a few of the newest
// were never checked (server keys and last_check_at null); events replay extension activity
// so they agree with each site's updates_count.
import type { SiteEvent, Tag } from '../../shared'
import { formatTimestamp, minutesBefore } from '../clock'
import { advanceExtensions, initialExtensions } from '../extension-activity'
import type { AccountState, ServerState, StoredSite } from '../model'
import { emptyServerState } from '../model'
import { SeededRandom } from '../random'
import {
  CMS, IP_PREFIXES, MYSQL_VERSIONS, NAME_BUSINESSES, NAME_PREFIXES, NOTES, PHP_VERSIONS,
  TAG_NAMES, TOP_LEVEL_DOMAINS, WEB_SERVERS,
} from './catalog'

export interface PortfolioSize {
  sites: number
  tags: number
  events: number
}

export interface GenerateOptions {
  seed: string | number
  /** One entry per account; the tokens are not generated here (they are secrets, not data). */
  tokens: string[]
  /** Size of the first account; later accounts get a smaller one (see smallerPortfolio). */
  size: PortfolioSize
  /** "Now" of the generated history: every timestamp is at or before it. */
  anchor: Date
}

const DAY_MINUTES = 24 * 60

/** The second and later accounts: a fifth of the sites, half the tags, a fifth of the events. */
export function smallerPortfolio(size: PortfolioSize): PortfolioSize {
  return { sites: Math.ceil(size.sites / 5), tags: Math.ceil(size.tags / 2), events: Math.ceil(size.events / 5) }
}

export function generateState(options: GenerateOptions): ServerState {
  const state = emptyServerState()
  options.tokens.forEach((token, index) => {
    const size = index === 0 ? options.size : smallerPortfolio(options.size)
    const random = new SeededRandom(options.seed, `account-${index}`)
    state.accounts.push(generateAccount(state, token, size, options.anchor, random))
  })
  return state
}

function generateAccount(state: ServerState, token: string, size: PortfolioSize, anchor: Date, random: SeededRandom): AccountState {
  const tags = generateTags(state, size.tags, anchor, random)
  const sites = generateSites(state, size.sites, tags, anchor, random)
  const events = generateEvents(state, sites, size.events, anchor, random)
  return { token, sites, tags, events }
}

function generateTags(state: ServerState, count: number, anchor: Date, random: SeededRandom): Tag[] {
  const ages = Array.from({ length: count }, () => random.int(200, 1200) * DAY_MINUTES).sort((a, b) => b - a)
  return ages.map((age, index) => {
    const at = formatTimestamp(minutesBefore(anchor, age + random.int(0, DAY_MINUTES)))
    const name = TAG_NAMES[index] ?? `Group ${index - TAG_NAMES.length + 1}`
    return { id: state.nextIds.tag++, name, created_at: at, updated_at: at }
  })
}

function uniqueSiteName(random: SeededRandom, used: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const name = `${random.pick(NAME_PREFIXES)} ${random.pick(NAME_BUSINESSES)}`
    if (!used.has(name)) return name
  }
  let n = 2
  const base = `${random.pick(NAME_PREFIXES)} ${random.pick(NAME_BUSINESSES)}`
  while (used.has(`${base} ${n}`)) n++
  return `${base} ${n}`
}

function siteAddress(name: string, random: SeededRandom): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  const www = random.chance(0.6) ? 'www.' : ''
  return `https://${www}${slug}.${random.pick(TOP_LEVEL_DOMAINS)}`
}

function generateSites(state: ServerState, count: number, tags: Tag[], anchor: Date, random: SeededRandom): StoredSite[] {
  const neverChecked = count >= 3 ? Math.max(1, Math.round(count * 0.05)) : 0
  const ages = Array.from({ length: count }, () => random.int(60, 1500) * DAY_MINUTES).sort((a, b) => b - a)
  const used = new Set<string>()
  return ages.map((age, index) => {
    const name = uniqueSiteName(random, used)
    used.add(name)
    const cms = random.chance(0.6) ? CMS.joomla : CMS.wordpress
    const url = siteAddress(name, random)
    const created = formatTimestamp(minutesBefore(anchor, age))
    // The newest few were added but never checked, as happens right after adding a site.
    const checked = index < count - neverChecked
    const lastCheck = checked ? formatTimestamp(minutesBefore(anchor, random.int(1, 360))) : null
    const tagIds = tags.length > 0 ? random.sample(tags, random.int(0, Math.min(3, tags.length))).map((t) => t.id) : []
    return {
      id: state.nextIds.site++,
      name,
      url,
      admin_url: `${url}${cms.adminPath}`,
      notes: random.chance(0.3) ? random.pick(NOTES) : '',
      status: 'Ok',
      published: checked && random.chance(0.75) ? 1 : null,
      tagIds,
      server: checked
        ? {
            ip: `${random.pick(IP_PREFIXES)}.${random.int(2, 254)}`,
            web: random.pick(WEB_SERVERS),
            php: random.pick(PHP_VERSIONS),
            mysql: random.pick(MYSQL_VERSIONS),
          }
        : { ip: null, web: null, php: null, mysql: null },
      created_at: created,
      updated_at: lastCheck ?? created,
      last_check_at: lastCheck,
      cms_id: cms.id,
      has_private_key: true,
      look_for_string: random.chance(0.5) ? name : null,
      extensions: checked ? initialExtensions(cms.id, random) : [],
    }
  })
}

/** Replays `count` extension changes over the last weeks, oldest first, so ids follow time. */
function generateEvents(state: ServerState, sites: StoredSite[], count: number, anchor: Date, random: SeededRandom): SiteEvent[] {
  const checked = sites.filter((site) => site.last_check_at !== null)
  if (checked.length === 0) return []
  const planned = Array.from({ length: count }, () => {
    const site = random.pick(checked)
    const newest = (anchor.getTime() - Date.parse(site.last_check_at as string)) / 60_000
    const oldest = Math.min((anchor.getTime() - Date.parse(site.created_at)) / 60_000, 45 * DAY_MINUTES)
    return { site, minutesAgo: random.int(Math.ceil(newest), Math.max(Math.ceil(newest), Math.floor(oldest))) }
  }).sort((a, b) => b.minutesAgo - a.minutesAgo)
  return planned.map(({ site, minutesAgo }) => {
    const activity = advanceExtensions(site, random)
    return {
      id: state.nextIds.event++,
      site_id: site.id,
      category: 'client',
      message: activity.message,
      type: activity.type,
      created_at: formatTimestamp(minutesBefore(anchor, minutesAgo)),
    }
  })
}

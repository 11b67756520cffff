// The schema of every channel's input (src/shared/channels.ts), in one map looked up by name
// (handle.ts). Objects are strict: a key the contract does not name is refused rather than
// silently passed along. The check at the end fails `tsc` when a schema and the contract's
// input of its channel differ in either direction (input-schema-fit.ts).
import { z } from 'zod'
import {
  HISTORY_RETENTION_DAYS,
  MAX_EVENT_SCOPE,
  MAX_QUERY_KEYS,
  MAX_QUERY_ROWS,
  MAX_SORTS,
  SITE_FIELD_KEYS,
  THEME_PREFERENCES,
  parseKey,
  type RequestChannel,
  type TableFieldKey,
} from '../../shared'
import { newSiteSchema, TAG_NAME_MAX } from '../../shared/new-site'
import { HEALTH_CAUSES, HEALTH_SETTING_BOUNDS } from '../../shared/health'
import { REPORT_LOGO_MAX_BYTES, REPORT_NOTES_MAX, REPORT_SECTIONS, REPORT_TEXT_MAX } from '../../shared/report'
import { REPORT_TABLES } from '../../shared/report-tables'
import { BULK_DELETE_STATES, MAX_BULK_DELETE_PAGE } from '../../shared/bulk-delete'
import { noInput, type EverySchemaFits, type InputSchemaMap } from './input-schema-fit'

const accountId = z.uuid({ error: 'must be an account id' })
const positiveId = z.int().positive().max(Number.MAX_SAFE_INTEGER)

const label = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters')
/** A bearer token: visible ASCII without spaces; surrounding whitespace from a paste is dropped. */
const token = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(4096, 'is too long')
  .regex(/^[\x21-\x7e]+$/, 'may contain only visible ASCII characters without spaces')
const baseUrl = z.string().trim().min(1, 'must not be empty').max(2048, 'is too long')

const accountRef = z.strictObject({ accountId })

const addAccount = z.strictObject({ label, baseUrl, token })
const renameAccount = z.strictObject({ accountId, label })
const replaceToken = z.strictObject({ accountId, token })

const siteRef = z.strictObject({ accountId, siteId: positiveId })
const tagRef = z.strictObject({ accountId, tagId: positiveId })

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`)

// The same schema the API client checks a create against (one definition, shared/new-site.ts).
const createSite = z.strictObject({ accountId, site: newSiteSchema })

const createTag = z.strictObject({
  accountId,
  name: text(TAG_NAME_MAX).trim().min(1, 'must not be empty'),
})

/** An ISO 8601 time with an offset (or Z), as the API writes them and the date filters send. */
const isoTime = z.iso.datetime({ offset: true, error: 'must be a date and time in ISO 8601 form' })

/** The accounts a read covers: existing accounts are checked by the handler (not_found names one). */
const scope = z
  .array(accountId)
  .min(1, 'must name at least one account')
  .max(MAX_EVENT_SCOPE, `must name at most ${MAX_EVENT_SCOPE} accounts`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not name an account twice')
  .readonly()

/** A site anywhere in the app: `accountId:siteId` (keyOf in shared/scope.ts). */
const rowKey = z.string().refine((key) => {
  const parsed = parseKey(key)
  return parsed !== null && accountId.safeParse(parsed.accountId).success
}, 'must be a site key (account id:site id)')

const eventQuery = z.strictObject({
  scope,
  site: rowKey.optional(),
  types: z.array(text(100)).max(50, 'must name at most 50 types').readonly().optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  text: text(200).optional(),
  after: z.strictObject({ createdAt: text(64), accountId, id: positiveId }).optional(),
  limit: z.int().min(1).max(500).optional(),
})

const workspaceScope = z.strictObject({ scope })

/** A tag anywhere in the app: `accountId:tagId`. */
const tagKey = rowKey

/** A facet filter's ticked values: server values as the API writes them (UNKNOWN_VALUE is ''). */
const facetValues = z.array(text(200)).max(500, 'must name at most 500 values').readonly()

const siteFilter = z.strictObject({
  search: text(500),
  php: facetValues,
  mysql: facetValues,
  web: facetValues,
  status: facetValues,
  tags: z.array(tagKey).max(500, 'must name at most 500 tags').readonly(),
  tagMode: z.enum(['any', 'all'], { error: 'must be any or all' }),
  hasUpdates: z.boolean(),
  neverChecked: z.boolean(),
  accounts: z.array(accountId).max(MAX_EVENT_SCOPE, `must name at most ${MAX_EVENT_SCOPE} accounts`).readonly(),
  health: z.array(z.enum(HEALTH_CAUSES, { error: `must be one of ${HEALTH_CAUSES.join(', ')}` })).max(HEALTH_CAUSES.length * 2).readonly().optional(),
})

const TABLE_FIELD_KEYS: TableFieldKey[] = [...SITE_FIELD_KEYS, 'account', 'health']
const siteSort = z.strictObject({
  key: z.enum(TABLE_FIELD_KEYS, { error: `must be one of ${TABLE_FIELD_KEYS.join(', ')}` }),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }),
})

const sitesQuery = z.strictObject({
  scope,
  filter: siteFilter,
  sort: z.array(siteSort).max(MAX_SORTS, `must name at most ${MAX_SORTS} sorts`).readonly(),
  offset: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.int().min(0).max(MAX_QUERY_ROWS, `must be at most ${MAX_QUERY_ROWS}`),
  facets: z.boolean().optional(),
  keys: z.array(rowKey).max(MAX_QUERY_KEYS, `must name at most ${MAX_QUERY_KEYS} sites`).readonly().optional(),
  unlessDigest: z.string().max(64, 'must be at most 64 characters').optional(),
  columns: z
    .array(z.enum(TABLE_FIELD_KEYS, { error: `must be one of ${TABLE_FIELD_KEYS.join(', ')}` }))
    .max(TABLE_FIELD_KEYS.length)
    .readonly()
    .optional(),
  widest: z.boolean().optional(),
})

/** A pref's key: a name, and for an account's things ":<accountId>" at the end. */
const prefKey = z
  .string()
  .regex(/^[a-z][a-z0-9.-]{0,63}(:[0-9a-f-]{36})?$/i, 'must be a name, optionally followed by :<account id>')

const prefGet = z.strictObject({ key: prefKey })

/**
 * Any JSON value up to 256 KB written out; anything else is refused. The contract types it
 * `unknown` (the renderer's interfaces are JSON without saying so), so JSON is a refinement.
 */
const jsonValue = z
  .unknown()
  // abort: the size is measured only on what is JSON (a function has no written-out length).
  .refine((value) => z.json().safeParse(value).success, {
    error: 'must be a JSON value (text, a number, true or false, null, a list or an object)',
    abort: true,
  })
  .refine((value) => JSON.stringify(value).length <= 256 * 1024, 'must be at most 256 KB')
const prefSet = z.strictObject({ key: prefKey, value: jsonValue })

const settingsPatch = z.strictObject({
  syncIntervalMinutes: z
    .int({ error: 'must be a whole number of minutes' })
    .min(1, 'must be at least 1 minute')
    .max(1440, 'must be at most 1440 minutes (a day)')
    .optional(),
  theme: z.enum(THEME_PREFERENCES, { error: `must be one of ${THEME_PREFERENCES.join(', ')}` }).optional(),
  notifyOn: z.strictObject({ newUpdateEvents: z.boolean(), pendingRose: z.boolean(), notChecked: z.boolean() }).optional(),
  historyRetentionDays: z
    .int({ error: 'must be a whole number of days' })
    .min(HISTORY_RETENTION_DAYS.min, `must be at least ${HISTORY_RETENTION_DAYS.min} days`)
    .max(HISTORY_RETENTION_DAYS.max, `must be at most ${HISTORY_RETENTION_DAYS.max} days (ten years)`)
    .optional(),
})

const historySite = z.strictObject({
  accountId,
  siteId: positiveId,
  limit: z.int().min(1).max(1000).optional(),
})

const historyTrend = z.strictObject({ scope, days: z.int().min(1).max(HISTORY_RETENTION_DAYS.max) })

const overviewStats = z.strictObject({ scope, now: isoTime.optional() })

/** The columns of an exported file, in order: each a table field, none twice. */
const exportColumns = z
  .array(z.enum(TABLE_FIELD_KEYS, { error: `must be one of ${TABLE_FIELD_KEYS.join(', ')}` }))
  .min(1, 'must name at least one column')
  .max(TABLE_FIELD_KEYS.length)
  .refine((keys) => new Set(keys).size === keys.length, 'must not name a column twice')
  .readonly()

const exportSites = z.strictObject({
  query: sitesQuery.omit({ offset: true, limit: true, facets: true, columns: true, widest: true }),
  except: z.array(rowKey).max(MAX_QUERY_KEYS, `must name at most ${MAX_QUERY_KEYS} sites`).readonly().optional(),
  columns: exportColumns,
  format: z.enum(['csv', 'json'], { error: 'must be csv or json' }),
})

/** A bulk delete names its sites as export:sites does: the view's query, and what a select-all leaves out. */
const bulkDeletePrepare = exportSites.pick({ query: true, except: true })
const bulkJob = z.strictObject({ jobId: z.uuid({ error: 'must be a bulk job id' }) })
const bulkDeleteItems = bulkJob.extend({
  offset: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.int().min(1).max(MAX_BULK_DELETE_PAGE, `must be at most ${MAX_BULK_DELETE_PAGE}`),
  states: z
    .array(z.enum(BULK_DELETE_STATES, { error: `must be one of ${BULK_DELETE_STATES.join(', ')}` }))
    .max(BULK_DELETE_STATES.length)
    .readonly()
    .optional(),
})

const exportEvents = eventQuery.omit({ after: true, limit: true })

const eventsDaily = z.strictObject({
  scope,
  days: z.int().min(1).max(366),
  // Real offsets run from -12:00 to +14:00.
  utcOffsetMinutes: z.int().min(-14 * 60).max(14 * 60),
})

const healthScope = z.strictObject({ scope })
const healthSite = z.strictObject({ site: rowKey })

/** A health setting within its bounds (shared/health.ts), in its unit. */
function healthBound(key: 'intervalMinutes' | 'slowThresholdMs' | 'warningDays' | 'concurrency', unit: string) {
  const { min, max } = HEALTH_SETTING_BOUNDS[key]
  return z
    .int({ error: `must be a whole number of ${unit}` })
    .min(min, `must be at least ${min} ${unit}`)
    .max(max, `must be at most ${max} ${unit}`)
    .optional()
}

const healthSettingsPatch = z.strictObject({
  intervalMinutes: healthBound('intervalMinutes', 'minutes'),
  slowThresholdMs: healthBound('slowThresholdMs', 'milliseconds'),
  warningDays: healthBound('warningDays', 'days'),
  concurrency: healthBound('concurrency', 'checks at once'),
  notifyOn: z
    .strictObject({ down: z.boolean(), recovered: z.boolean(), certificate: z.boolean(), domain: z.boolean(), endOfLife: z.boolean() })
    .optional(),
  account: z.strictObject({ accountId, enabled: z.boolean() }).optional(),
  site: z
    .strictObject({
      site: rowKey,
      enabled: z.boolean().optional(),
      lookFor: text(HEALTH_SETTING_BOUNDS.lookForMaxLength)
        .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters')
        .nullable()
        .optional(),
    })
    .optional(),
})

const reportRequest = z.strictObject({
  selection: z.strictObject({
    scope,
    filter: siteFilter,
    keys: z.array(rowKey).max(MAX_QUERY_KEYS, `must name at most ${MAX_QUERY_KEYS} sites`).readonly().optional(),
    label: text(REPORT_TEXT_MAX),
  }),
  period: z.strictObject({ from: text(10), to: text(10), timeZone: text(64) }),
  sections: z.array(z.enum(REPORT_SECTIONS, { error: `must be one of ${REPORT_SECTIONS.join(', ')}` })).max(REPORT_SECTIONS.length).readonly(),
  notes: text(REPORT_NOTES_MAX),
})
const reportText = text(REPORT_TEXT_MAX)
const reportSaveTemplate = z.strictObject({
  id: z.uuid({ error: 'must be a template id' }).optional(),
  name: reportText,
  agencyName: reportText,
  accent: text(7),
  coverLine: reportText,
  footer: text(REPORT_TEXT_MAX * 2),
  showAppName: z.boolean(),
  // The limit is checked again on the decoded bytes, with the sentence the form shows.
  logo: z.union([z.strictObject({ base64: z.string().max(REPORT_LOGO_MAX_BYTES * 2) }), z.literal('keep'), z.null()]),
})

/** Every request channel's input schema, by channel name. */
export const CHANNEL_INPUT_SCHEMAS = {
  'app:info': noInput,
  'accounts:list': noInput,
  'accounts:add': addAccount,
  'accounts:rename': renameAccount,
  'accounts:replaceToken': replaceToken,
  'accounts:remove': accountRef,
  'accounts:setActive': accountRef,
  'demo:open': noInput,
  'workspace:scope': workspaceScope,
  'sites:query': sitesQuery,
  'events:query': eventQuery,
  'sync:now': accountRef,
  'sync:cancel': accountRef,
  'sync:site': siteRef,
  'sync:states': noInput,
  'sites:create': createSite,
  'sites:delete': siteRef,
  'tags:create': createTag,
  'tags:delete': tagRef,
  'settings:get': noInput,
  'settings:set': settingsPatch,
  'health:scope': healthScope,
  'health:site': healthSite,
  'health:settings': noInput,
  'health:setSettings': healthSettingsPatch,
  'app:notices': noInput,
  'prefs:get': prefGet,
  'prefs:set': prefSet,
  'events:daily': eventsDaily,
  'history:site': historySite,
  'history:trend': historyTrend,
  'overview:stats': overviewStats,
  'export:sites': exportSites,
  'export:events': exportEvents,
  'report:build': reportRequest,
  'report:csv': z.strictObject({ request: reportRequest, table: z.enum(REPORT_TABLES, { error: `must be one of ${REPORT_TABLES.join(', ')}` }) }),
  'report:pdf': z.strictObject({ request: reportRequest, templateId: z.uuid().nullable() }),
  'report:templates': noInput,
  'report:saveTemplate': reportSaveTemplate,
  'report:deleteTemplate': z.strictObject({ id: z.uuid({ error: 'must be a template id' }) }),
  'report:allClients': z.strictObject({ scope, period: reportRequest.shape.period, sections: reportRequest.shape.sections, notes: reportRequest.shape.notes, templateId: z.uuid().nullable() }),
  'report:stopAll': noInput,
  'bulk:deletePrepare': bulkDeletePrepare,
  'bulk:deleteItems': bulkDeleteItems,
  'bulk:deleteRun': bulkJob,
  'bulk:deleteRetryFailed': bulkJob,
  'bulk:deleteStop': bulkJob,
  'bulk:deleteRemoved': bulkJob,
  'bulk:deleteForget': bulkJob,
} as const satisfies InputSchemaMap

export type ChannelInputSchema<C extends RequestChannel> = (typeof CHANNEL_INPUT_SCHEMAS)[C]

// Compile-time proof that each schema accepts and produces exactly its channel's contract input:
// when one does not, this line fails and the compiler's message names the channel.
const everySchemaFits: EverySchemaFits<typeof CHANNEL_INPUT_SCHEMAS> = true
void everySchemaFits

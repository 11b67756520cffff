// Schemas of every channel input (src/shared/channels.ts). Objects are strict: a key the
// contract does not name is refused rather than silently passed along.
import { z } from 'zod'
import { HISTORY_RETENTION_DAYS, THEME_PREFERENCES } from '../../shared'
import { newSiteSchema, webAddress } from '../api/new-site-schema'

/** Channels without input: the shells may pass nothing, null, or an empty object. */
export const noInput = z.union([z.undefined(), z.null(), z.strictObject({})], {
  error: 'this channel takes no input',
})

export const accountId = z.uuid({ error: 'must be an account id' })
const positiveId = z.int().positive().max(Number.MAX_SAFE_INTEGER)

export const label = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters')
/** A bearer token: visible ASCII without spaces; surrounding whitespace from a paste is dropped. */
export const token = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(4096, 'is too long')
  .regex(/^[\x21-\x7e]+$/, 'may contain only visible ASCII characters without spaces')
export const baseUrl = z.string().trim().min(1, 'must not be empty').max(2048, 'is too long')

export const accountRef = z.strictObject({ accountId })

export const addAccount = z.strictObject({ label, baseUrl, token })
export const renameAccount = z.strictObject({ accountId, label })
export const replaceToken = z.strictObject({ accountId, token })

export const siteRef = z.strictObject({ accountId, siteId: positiveId })
export const tagRef = z.strictObject({ accountId, tagId: positiveId })

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`)

// The same schema the API client checks a create against (one definition, api/new-site-schema.ts).
export const createSite = z.strictObject({ accountId, site: newSiteSchema })

export const createTag = z.strictObject({
  accountId,
  name: text(255).trim().min(1, 'must not be empty'),
})

export const openExternal = z.strictObject({ url: webAddress })

/** An ISO 8601 time with an offset (or Z), as the API writes them and the date filters send. */
const isoTime = z.iso.datetime({ offset: true, error: 'must be a date and time in ISO 8601 form' })

export const eventQuery = z.strictObject({
  accountId,
  siteId: positiveId.optional(),
  types: z.array(text(100)).max(50, 'must name at most 50 types').optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  text: text(200).optional(),
  after: z.strictObject({ createdAt: text(64), id: positiveId }).optional(),
  limit: z.int().min(1).max(500).optional(),
})

/** A pref's key: a name, and for an account's things ":<accountId>" at the end. */
const prefKey = z
  .string()
  .regex(/^[a-z][a-z0-9.-]{0,63}(:[0-9a-f-]{36})?$/i, 'must be a name, optionally followed by :<account id>')

export const prefGet = z.strictObject({ key: prefKey })

/** Any JSON value up to 256 KB written out; anything else is refused. */
const jsonValue = z.json().refine((value) => JSON.stringify(value).length <= 256 * 1024, 'must be at most 256 KB')
export const prefSet = z.strictObject({ key: prefKey, value: jsonValue })

export const saveFile = z.strictObject({
  // A file name, not a path: no separators, no leading dot, a sensible length.
  suggestedName: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\.][^/\\]*$/, 'must be a file name without folders')
    .refine((name) => !/\p{Cc}/u.test(name), 'must not contain control characters'),
  content: z.string().max(64 * 1024 * 1024, 'must be at most 64 MB'),
})

export const settingsPatch = z.strictObject({
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

export const historySite = z.strictObject({
  accountId,
  siteId: positiveId,
  limit: z.int().min(1).max(1000).optional(),
})

export const historyTrend = z.strictObject({ accountId, days: z.int().min(1).max(HISTORY_RETENTION_DAYS.max) })

export const eventsDaily = z.strictObject({
  accountId,
  days: z.int().min(1).max(366),
  // Real offsets run from -12:00 to +14:00.
  utcOffsetMinutes: z.int().min(-14 * 60).max(14 * 60),
})

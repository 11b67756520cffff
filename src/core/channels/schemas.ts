// Schemas of every channel input (src/shared/channels.ts). Objects are strict: a key the
// contract does not name is refused rather than silently passed along.
import { z } from 'zod'
import { newSiteSchema, webAddress } from '../api/new-site-schema'

/** Channels without input: the shells may pass nothing, null, or an empty object. */
export const noInput = z.union([z.undefined(), z.null(), z.strictObject({})], {
  error: 'this channel takes no input',
})

export const accountId = z.uuid({ error: 'must be an account id' })
const positiveId = z.int().positive().max(Number.MAX_SAFE_INTEGER)
const page = z.int().min(1).max(1_000_000).optional()

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
export const pageRef = z.strictObject({ accountId, page })

export const addAccount = z.strictObject({ label, baseUrl, token })
export const renameAccount = z.strictObject({ accountId, label })
export const replaceToken = z.strictObject({ accountId, token })

export const siteRef = z.strictObject({ accountId, siteId: positiveId })
export const siteEventsRef = z.strictObject({ accountId, siteId: positiveId, page })
export const tagRef = z.strictObject({ accountId, tagId: positiveId })

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`)

// The same schema the API client checks a create against (one definition, api/new-site-schema.ts).
export const createSite = z.strictObject({ accountId, site: newSiteSchema })

export const createTag = z.strictObject({
  accountId,
  name: text(255).trim().min(1, 'must not be empty'),
})

export const openExternal = z.strictObject({ url: webAddress })

// The one definition of a valid new site (the body of POST /sites, spec 4.1): the renderer's
// New site form and CSV import check a draft with it before sending, core checks what the
// shells pass with it and again before the API client sends, and the reference server takes
// its limits and address rule from here. One definition, so no two of them can disagree about
// what is accepted (the form once let CMS id 0 through, which core then refused).
//
// The messages are written for people and start lower case: the form puts the field's label
// in front ("Name" + "is required" -> "Name is required."); core writes the path in front
// ("site.name: is required").
import { z } from 'zod'
import type { NewSite } from './domain'
import { isWebAddress, NOT_A_WEB_ADDRESS, suggestWebAddress } from './web-address'

/**
 * The longest values accepted, in characters. The spec gives no lengths (section 8); name and
 * the addresses are the reference server's (a Laravel string column: 255), the rest are bounds
 * that keep a runaway paste from travelling further.
 */
export const NEW_SITE_LIMITS = {
  name: 255,
  url: 255,
  admin_url: 255,
  private_key: 4096,
  notes: 10_000,
  look_for_string: 1000,
  /** Tag ids on one site. */
  tags: 1000,
} as const

/** The longest tag name (tags are named in the CSV import too); the same kind of column. */
export const TAG_NAME_MAX = 255

/** Characters as a person (and the server's mb_strlen) counts them, not UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0
  for (const _character of value) count += 1
  return count
}

const NEW_SITE_MESSAGES = {
  required: 'is required',
  notText: 'must be text',
  webAddress: NOT_A_WEB_ADDRESS,
  wholeNumber: 'must be a whole number from 1',
  tagList: 'must be a list of tag ids',
  tooLong: (max: number, length: number) => `must be at most ${max} characters (it has ${length})`,
  tooManyTags: (max: number) => `must name at most ${max} tags`,
} as const

/** Text of at most `max` characters; `required` refuses an empty (or blank) value. */
function text(max: number, options: { required?: boolean; trim?: boolean } = {}) {
  const base = z.string({
    error: (issue) => (issue.input === undefined ? NEW_SITE_MESSAGES.required : NEW_SITE_MESSAGES.notText),
  })
  const trimmed = options.trim ? base.trim() : base
  const filled = options.required ? trimmed.min(1, { error: NEW_SITE_MESSAGES.required, abort: true }) : trimmed
  return filled.superRefine((value, ctx) => {
    // Fast path first: a string of at most `max` UTF-16 units has at most `max` characters.
    if (value.length <= max) return
    const length = characterCount(value)
    if (length > max) ctx.addIssue({ code: 'custom', message: NEW_SITE_MESSAGES.tooLong(max, length) })
  })
}

/** A site address: required or not, within `max`, and an http(s) one (with a hint for a bare host). */
function siteAddress(max: number, options: { required?: boolean } = {}) {
  return text(max, { ...options, trim: true }).superRefine((value, ctx) => {
    // One message at a time: an address that is too long is told so, not also picked apart.
    if (value === '' || isWebAddress(value) || (value.length > max && characterCount(value) > max)) return
    const suggestion = suggestWebAddress(value)
    ctx.addIssue({
      code: 'custom',
      message: suggestion ? `${NEW_SITE_MESSAGES.webAddress}, such as ${suggestion}` : NEW_SITE_MESSAGES.webAddress,
    })
  })
}

/** An id: a whole number from 1 (0 is no id; the API's ids start at 1); z.int() is a safe integer. */
const positiveId = z.int({ error: NEW_SITE_MESSAGES.wholeNumber }).min(1, NEW_SITE_MESSAGES.wholeNumber)

// strictObject: a misspelt field is a mistake to report, not something to drop silently.
export const newSiteSchema = z.strictObject({
  name: text(NEW_SITE_LIMITS.name, { required: true, trim: true }),
  url: siteAddress(NEW_SITE_LIMITS.url, { required: true }),
  admin_url: siteAddress(NEW_SITE_LIMITS.admin_url).optional(),
  cms_id: positiveId.optional(),
  // Write-only (spec 2.1): passed to the API once, never kept.
  private_key: text(NEW_SITE_LIMITS.private_key).optional(),
  notes: text(NEW_SITE_LIMITS.notes).optional(),
  tags: z
    .array(positiveId, { error: NEW_SITE_MESSAGES.tagList })
    .max(NEW_SITE_LIMITS.tags, NEW_SITE_MESSAGES.tooManyTags(NEW_SITE_LIMITS.tags))
    .optional(),
  monitor: z.strictObject({ look_for_string: text(NEW_SITE_LIMITS.look_for_string).optional() }).optional(),
}) satisfies z.ZodType<NewSite, unknown>

/** The fields of a new site, as the API names them. */
export type NewSiteField = keyof typeof newSiteSchema.shape
export const NEW_SITE_FIELDS = Object.keys(newSiteSchema.shape) as NewSiteField[]

// Validation of the two request bodies, with the rules a Laravel controller for this API
// would sensibly declare and Laravel's own message texts, so clients meet the real 422 shape:
// {"message": "<first error> (and N more errors)", "errors": {field: [messages]}}.
//
// The rules the app's clients check too come from the app's one definition (shared/new-site.ts,
// shared/web-address.ts): the length limits, how characters are counted, what a web address is.
// What stays here is the server's own: Laravel's messages and 422 shape, and accepting what the
// spec says the API accepts where the app's form is stricter: any integer cms_id, ids written
// as strings ("5"), null for an absent field, monitor[look_for_string], tag ids that must exist.
import { characterCount, NEW_SITE_LIMITS, TAG_NAME_MAX } from '../shared/new-site'
import { isWebAddress } from '../shared'
import type { Input } from './request-body'

export type FieldErrors = Record<string, string[]>
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors }

export interface SiteInput {
  name: string
  url: string
  admin_url: string | null
  notes: string | null
  cms_id: number | null
  private_key: string | null
  tags: number[]
  look_for_string: string | null
}

/** Laravel shows the attribute with underscores as spaces: cms_id -> "cms id". */
const label = (field: string) => field.replace(/_/g, ' ')
const messages = {
  required: (f: string) => `The ${label(f)} field is required.`,
  string: (f: string) => `The ${label(f)} field must be a string.`,
  max: (f: string, max: number) => `The ${label(f)} field must not be greater than ${max} characters.`,
  url: (f: string) => `The ${label(f)} field must be a valid URL.`,
  integer: (f: string) => `The ${label(f)} field must be an integer.`,
  array: (f: string) => `The ${label(f)} field must be an array.`,
  exists: (f: string) => `The selected ${label(f)} is invalid.`,
  unique: (f: string) => `The ${label(f)} has already been taken.`,
}

class ErrorBag {
  readonly errors: FieldErrors = {}
  add(field: string, message: string): void {
    ;(this.errors[field] ??= []).push(message)
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0
  }
}

/** Laravel's ValidationException::summarize. */
export function summarizeErrors(errors: FieldErrors): string {
  const all = Object.values(errors).flat()
  const first = all[0] ?? 'The given data was invalid.'
  const more = all.length - 1
  if (more <= 0) return first
  return `${first} (and ${more} more ${more === 1 ? 'error' : 'errors'})`
}

function isIntegerLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value)
  return typeof value === 'string' && /^[+-]?\d{1,15}$/.test(value)
}

/** A string field; answers the value, or null when absent/null or invalid (error added). */
function stringField(bag: ErrorBag, input: Input, field: string, opts: { required?: boolean; url?: boolean; max?: number }): string | null {
  const value = input[field]
  if (value === undefined || value === null) {
    if (opts.required) bag.add(field, messages.required(field))
    return null
  }
  if (typeof value !== 'string') {
    bag.add(field, messages.string(field))
    return null
  }
  if (opts.max !== undefined && characterCount(value) > opts.max) bag.add(field, messages.max(field, opts.max))
  else if (opts.url && !isWebAddress(value)) bag.add(field, messages.url(field))
  return value
}

export function validateNewSite(input: Input, existingTagIds: ReadonlySet<number>): Validated<SiteInput> {
  const bag = new ErrorBag()
  const name = stringField(bag, input, 'name', { required: true, max: NEW_SITE_LIMITS.name })

  let cmsId: number | null = null
  const rawCms = input.cms_id
  if (rawCms !== undefined && rawCms !== null) {
    if (isIntegerLike(rawCms)) cmsId = Number(rawCms)
    else bag.add('cms_id', messages.integer('cms_id'))
  }

  const url = stringField(bag, input, 'url', { required: true, url: true, max: NEW_SITE_LIMITS.url })
  const adminUrl = stringField(bag, input, 'admin_url', { url: true, max: NEW_SITE_LIMITS.admin_url })
  const privateKey = stringField(bag, input, 'private_key', {})
  const notes = stringField(bag, input, 'notes', {})

  const tags: number[] = []
  const rawTags = input.tags
  if (rawTags !== undefined && rawTags !== null) {
    if (!Array.isArray(rawTags)) bag.add('tags', messages.array('tags'))
    else
      rawTags.forEach((raw: unknown, index) => {
        const field = `tags.${index}`
        if (!isIntegerLike(raw)) bag.add(field, messages.integer(field))
        else if (!existingTagIds.has(Number(raw))) bag.add(field, messages.exists(field))
        else if (!tags.includes(Number(raw))) tags.push(Number(raw))
      })
  }

  let lookFor: string | null = null
  const monitor = input.monitor
  if (monitor !== undefined && monitor !== null) {
    if (typeof monitor !== 'object' || Array.isArray(monitor)) bag.add('monitor', messages.array('monitor'))
    else lookFor = stringField(bag, monitor as Input, 'look_for_string', {})
    // stringField keys its errors by the inner name; Laravel uses the dotted path.
    const inner = bag.errors.look_for_string
    if (inner) {
      delete bag.errors.look_for_string
      bag.errors['monitor.look_for_string'] = inner.map(() => messages.string('monitor.look_for_string'))
    }
  }

  if (!bag.empty || name === null || url === null) return { ok: false, errors: bag.errors }
  return {
    ok: true,
    value: { name, url, admin_url: adminUrl, notes, cms_id: cmsId, private_key: privateKey, tags, look_for_string: lookFor },
  }
}

/** Tag names are unique per account, compared case-insensitively like MySQL's default collation. */
export function validateNewTag(input: Input, existingNames: readonly string[]): Validated<{ name: string }> {
  const bag = new ErrorBag()
  const name = stringField(bag, input, 'name', { required: true, max: TAG_NAME_MAX })
  if (name !== null && bag.empty) {
    const lower = name.toLowerCase()
    if (existingNames.some((existing) => existing.toLowerCase() === lower)) bag.add('name', messages.unique('name'))
  }
  if (!bag.empty || name === null) return { ok: false, errors: bag.errors }
  return { ok: true, value: { name } }
}

// The New site form as data: what is typed, what can be checked before sending, how it
// becomes the request body, and where the server's messages belong.
import type { AppError, NewSite } from '../../../shared'
import { httpUrl, maxLength, positiveWholeNumber, required, suggestHttps } from './validate'

export interface SiteDraft {
  name: string
  url: string
  adminUrl: string
  cmsId: string
  privateKey: string
  notes: string
  tagIds: number[]
  lookFor: string
}

export type DraftField = keyof SiteDraft
export type DraftErrors = Partial<Record<DraftField, string[]>>
/** Addresses typed without a scheme, with the https:// one offered instead. */
export type DraftSuggestions = Partial<Record<'url' | 'adminUrl', string>>

/** The API's limit on a site name (core refuses longer ones too). */
export const NAME_MAX = 255

export const FIELD_LABELS: Record<DraftField, string> = {
  name: 'Name',
  url: 'Address',
  adminUrl: 'Admin address',
  cmsId: 'CMS id',
  privateKey: 'Private key',
  notes: 'Notes',
  tagIds: 'Tags',
  lookFor: 'Text to look for',
}

export function emptyDraft(): SiteDraft {
  return { name: '', url: '', adminUrl: '', cmsId: '', privateKey: '', notes: '', tagIds: [], lookFor: '' }
}

/** True when nothing has been typed or picked (spaces count as nothing). */
export function isEmptyDraft(draft: SiteDraft): boolean {
  const typed = [draft.name, draft.url, draft.adminUrl, draft.cmsId, draft.notes, draft.lookFor].some((v) => v.trim() !== '')
  return !typed && draft.privateKey === '' && draft.tagIds.length === 0
}

/**
 * The https:// address to offer for each address typed without one ("harbor-hardware" ->
 * "https://harbor-hardware"): offered rather than refused, since it is what was meant.
 */
export function draftSuggestions(draft: SiteDraft): DraftSuggestions {
  const suggestions: DraftSuggestions = {}
  const url = suggestHttps(draft.url)
  const adminUrl = suggestHttps(draft.adminUrl)
  if (url) suggestions.url = url
  if (adminUrl) suggestions.adminUrl = adminUrl
  return suggestions
}

/** What is wrong before sending; an address with a suggestion is not an error (see draftSuggestions). */
export function validateDraft(draft: SiteDraft): DraftErrors {
  const errors: DraftErrors = {}
  const suggestions = draftSuggestions(draft)
  const add = (field: DraftField, message: string | null) => {
    if (message) errors[field] = [...(errors[field] ?? []), message]
  }
  add('name', required(draft.name, 'Name') ?? maxLength(draft.name.trim(), NAME_MAX, 'Name'))
  if (!suggestions.url) add('url', required(draft.url, 'Address') ?? httpUrl(draft.url, 'Address'))
  if (!suggestions.adminUrl) add('adminUrl', httpUrl(draft.adminUrl, 'Admin address'))
  add('cmsId', positiveWholeNumber(draft.cmsId, 'CMS id'))
  return errors
}

/** Only what was filled in is sent; the spec does not say which fields are required. */
export function toNewSite(draft: SiteDraft): NewSite {
  const site: NewSite = { name: draft.name.trim(), url: draft.url.trim() }
  if (draft.adminUrl.trim()) site.admin_url = draft.adminUrl.trim()
  if (draft.cmsId.trim()) site.cms_id = Number(draft.cmsId.trim())
  if (draft.privateKey !== '') site.private_key = draft.privateKey
  if (draft.notes.trim()) site.notes = draft.notes
  if (draft.tagIds.length > 0) site.tags = [...draft.tagIds]
  if (draft.lookFor !== '') site.monitor = { look_for_string: draft.lookFor }
  return site
}

/**
 * An address as a person means it, to find the same site typed another way: no scheme, the
 * host in lower case, no "/" at the end ("https://Shop.example.com/" and
 * "http://shop.example.com" are both "shop.example.com"). Null when it is not an address.
 */
export function addressKey(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  let url: URL
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`)
  } catch {
    return null
  }
  return `${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, '')}${url.search}`
}

// Field names as the API's 422 and core's input check write them -> form fields. The API
// writes "name", "tags.0", "monitor.look_for_string"; core writes the path of the whole
// request, "site.name", "site.tags.0", "site.cms_id".
const SERVER_FIELDS: Record<string, DraftField> = {
  name: 'name',
  url: 'url',
  admin_url: 'adminUrl',
  cms_id: 'cmsId',
  private_key: 'privateKey',
  notes: 'notes',
  tags: 'tagIds',
  monitor: 'lookFor',
  look_for_string: 'lookFor',
}

/** The form field a server field name is about, or null when it is about none of them. */
export function draftFieldOf(serverField: string): DraftField | null {
  const path = serverField.replace(/^site\./, '')
  // "tags.0" -> tags, "monitor.look_for_string" / "monitor[look_for_string]" -> monitor
  const head = path.split(/[.[]/)[0] ?? path
  return SERVER_FIELDS[head] ?? null
}

/**
 * A server message as a sentence under its field: core's "must be at most 255 characters"
 * becomes "Name must be at most 255 characters."; the API's full sentences stay as written.
 */
function asSentence(field: DraftField, message: string): string {
  const text = message.trim()
  const sentence = /^[a-z]/.test(text) ? `${FIELD_LABELS[field]} ${text}` : text
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`
}

/** Places a refusal's messages on their fields; the rest come back as general messages. */
export function serverErrors(error: AppError): { fields: DraftErrors; general: string[] } {
  const fields: DraftErrors = {}
  const general: string[] = []
  for (const [serverField, messages] of Object.entries(error.fields ?? {})) {
    const field = draftFieldOf(serverField)
    if (field) fields[field] = [...(fields[field] ?? []), ...messages.map((m) => asSentence(field, m))]
    else general.push(...messages)
  }
  return { fields, general }
}

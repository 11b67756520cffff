// The New site form as data: what is typed, the https:// offered for a bare host, and how it
// becomes the request body.
// Checking a draft is site-draft-check.ts (it loads zod, so it is loaded with the dialog);
// placing messages on fields is site-field-errors.ts.
import { suggestWebAddress, type NewSite } from '../../../shared'

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
  const url = suggestWebAddress(draft.url)
  const adminUrl = suggestWebAddress(draft.adminUrl)
  if (url) suggestions.url = url
  if (adminUrl) suggestions.adminUrl = adminUrl
  return suggestions
}

/** Only what was filled in is sent; the spec does not say which fields are required. */
export function toNewSite(draft: SiteDraft): NewSite {
  const site: NewSite = { name: draft.name.trim(), url: draft.url.trim() }
  if (draft.adminUrl.trim()) site.admin_url = draft.adminUrl.trim()
  // Digits only: Number() would also read "1e3" or "0x1f", which nobody means as an id. Anything
  // else becomes NaN, which the New site schema refuses on the CMS id field.
  if (draft.cmsId.trim()) site.cms_id = /^\d+$/.test(draft.cmsId.trim()) ? Number(draft.cmsId.trim()) : Number.NaN
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

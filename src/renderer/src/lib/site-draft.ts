// The New site form as data: what is typed, what can be checked before sending, how it
// becomes the request body, and where the server's 422 messages belong.
import type { AppError, NewSite } from '../../../shared'
import { httpUrl, required, wholeNumber } from './validate'

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

export function emptyDraft(): SiteDraft {
  return { name: '', url: '', adminUrl: '', cmsId: '', privateKey: '', notes: '', tagIds: [], lookFor: '' }
}

export function validateDraft(draft: SiteDraft): DraftErrors {
  const errors: DraftErrors = {}
  const add = (field: DraftField, message: string | null) => {
    if (message) errors[field] = [...(errors[field] ?? []), message]
  }
  add('name', required(draft.name, 'Name'))
  add('url', required(draft.url, 'Address') ?? httpUrl(draft.url, 'Address'))
  add('adminUrl', httpUrl(draft.adminUrl, 'Admin address'))
  add('cmsId', wholeNumber(draft.cmsId, 'CMS id'))
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

// Server field names (wire format, Laravel-style dotted paths) -> form fields.
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

function draftFieldOf(serverField: string): DraftField | null {
  // "tags.0" -> tags, "monitor.look_for_string" / "monitor[look_for_string]" -> monitor
  const head = serverField.split(/[.[]/)[0] ?? serverField
  return SERVER_FIELDS[head] ?? null
}

/** Places a 422's messages on their fields; the rest come back as general messages. */
export function serverErrors(error: AppError): { fields: DraftErrors; general: string[] } {
  const fields: DraftErrors = {}
  const general: string[] = []
  for (const [serverField, messages] of Object.entries(error.fields ?? {})) {
    const field = draftFieldOf(serverField)
    if (field) fields[field] = [...(fields[field] ?? []), ...messages]
    else general.push(...messages)
  }
  return { fields, general }
}

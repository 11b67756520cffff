// The one place where a message about a new site finds its field on the New site form,
// whoever wrote it: the API's 422 ("name", "tags.0", "monitor.look_for_string",
// "monitor[look_for_string]"), core's input check (the whole request's path: "site.cms_id",
// "site.tags.0") and the shared schema's own check before sending (its issue paths).
import type { NewSite } from '../../../shared'
import { FIELD_LABELS, type DraftErrors, type DraftField } from './site-draft'

/** Each field of the request body -> the form field it is typed in (complete by type). */
const FORM_FIELD: Record<keyof NewSite, DraftField> = {
  name: 'name',
  url: 'url',
  admin_url: 'adminUrl',
  cms_id: 'cmsId',
  private_key: 'privateKey',
  notes: 'notes',
  tags: 'tagIds',
  monitor: 'lookFor',
}

const isBodyField = (name: string): name is keyof NewSite => Object.hasOwn(FORM_FIELD, name)

/** The form field a message's field name (or path) is about, or null when it is about none of them. */
export function draftFieldOf(path: string): DraftField | null {
  // "site.tags.0" -> "tags.0"; then the first segment: "tags.0" -> tags, "monitor[look_for_string]" -> monitor.
  const head = path.replace(/^site\./, '').split(/[.[]/)[0] ?? ''
  return isBodyField(head) ? FORM_FIELD[head] : null
}

/**
 * A message as a sentence under its field: "is required" (the shared schema, core) becomes
 * "Name is required."; the API's full sentences ("The url field must be a valid URL.") stay as
 * written.
 */
function asSentence(field: DraftField, message: string): string {
  const text = message.trim()
  const sentence = /^[a-z]/.test(text) ? `${FIELD_LABELS[field]} ${text}` : text
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`
}

/** Places messages keyed by field name on their form fields; the rest come back as general messages. */
export function placeFieldErrors(messagesByField: Readonly<Record<string, readonly string[]>>): { fields: DraftErrors; general: string[] } {
  const fields: DraftErrors = {}
  const general: string[] = []
  for (const [name, messages] of Object.entries(messagesByField)) {
    const field = draftFieldOf(name)
    if (field) fields[field] = [...(fields[field] ?? []), ...messages.map((m) => asSentence(field, m))]
    else general.push(...messages)
  }
  return { fields, general }
}

// The New site form's check before sending: the draft as the request body it would become,
// checked with the app's one New site schema (the one core checks again), each issue placed on
// its field. Its own module because the schema brings zod: the form loads it when the dialog
// opens (AddSiteDialog.vue), so the app's first bundle does not carry it.
import { newSiteSchema } from '../../../shared/new-site'
import { draftSuggestions, toNewSite, type DraftErrors, type SiteDraft } from './site-draft'
import { placeFieldErrors } from './site-field-errors'

/** What is wrong before sending; an address with an https:// suggestion is offered, not refused (draftSuggestions). */
export function validateDraft(draft: SiteDraft): DraftErrors {
  const result = newSiteSchema.safeParse(toNewSite(draft))
  if (result.success) return {}
  const messages: Record<string, string[]> = {}
  for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message)
  const { fields } = placeFieldErrors(messages)
  const suggestions = draftSuggestions(draft)
  if (suggestions.url) delete fields.url
  if (suggestions.adminUrl) delete fields.adminUrl
  return fields
}

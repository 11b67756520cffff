// The one definition of a valid new site (the body of POST /sites, spec 4.1), used both where
// the shells' input arrives (channels) and where the API client sends it, so the two can never
// disagree about what is accepted.
import { z } from 'zod'

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/** An absolute http(s) address: a site address, or one to open in the browser. */
export const webAddress = z
  .string()
  .trim()
  .max(2048, 'is too long')
  .refine(isHttpUrl, 'must be an http:// or https:// address')

const positiveId = z.int().positive().max(Number.MAX_SAFE_INTEGER)
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`)

// strictObject: a misspelt field is a mistake to report, not something to drop silently.
export const newSiteSchema = z.strictObject({
  name: text(255).trim().min(1, 'must not be empty'),
  url: webAddress,
  admin_url: webAddress.optional(),
  cms_id: positiveId.optional(),
  // Write-only (spec 2.1): passed to the API once, never kept.
  private_key: text(4096).optional(),
  notes: text(10_000).optional(),
  tags: z.array(positiveId).max(1000).optional(),
  monitor: z.strictObject({ look_for_string: text(1000).optional() }).optional(),
})

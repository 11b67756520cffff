// The spec's resource shapes (sections 2.1 to 2.3) as zod schemas, for both sides that read
// them: core checks the API's answers with them (core/api/schemas.ts adds what only the wire
// has), and the reference server checks its saved state file with them (persistence.ts adds
// what only it keeps). Objects strip unknown members rather than refuse them: a newer server
// may add fields. Values the spec calls open (status, event type and category) are plain strings.
// Not re-exported from index.ts: zod must stay out of the renderer's first bundle.
import { z } from 'zod'
import type { ServerInfo, SiteEvent, Tag } from './domain'

// ISO 8601 date-time with "Z" or a numeric offset (+02:00 or +0200), optional fractions.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/
export const timestamp = z.string().regex(TIMESTAMP, 'expected an ISO 8601 timestamp with offset')
/** Identifiers of sites, tags and events start at 1. */
export const resourceId = z.number().int().positive()

export const tagSchema = z.object({
  id: resourceId,
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
}) satisfies z.ZodType<Tag>

const nullableString = z.string().nullable()
export const serverInfoSchema = z.object({
  ip: nullableString,
  web: nullableString,
  php: nullableString,
  mysql: nullableString,
}) satisfies z.ZodType<ServerInfo>

// The members of a Site (2.1) that are the same wherever a site is read, in the spec's order:
// those before tags and those after updates_count. Each reader puts its own in between (the
// answer's tags, server and updates_count; the saved state's tagIds and server), so what it
// reads keeps the order it was written in.
export const siteHead = {
  id: resourceId,
  name: z.string(),
  url: z.string(),
  admin_url: z.string(),
  notes: z.string(),
  status: z.string(),
  published: z.number().int().nullable(),
}
export const siteTail = {
  created_at: timestamp,
  updated_at: timestamp,
  last_check_at: timestamp.nullable(),
}

export const siteEventSchema = z.object({
  id: resourceId,
  site_id: resourceId,
  category: z.string(),
  message: z.string(),
  type: z.string(),
  created_at: timestamp,
}) satisfies z.ZodType<SiteEvent>

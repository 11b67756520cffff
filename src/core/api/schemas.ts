// Response shapes of spec sections 2 and 4, checked at the boundary. Objects strip unknown
// members instead of refusing them: a newer server may add fields, and stripping keeps anything
// the spec does not name (a private_key echoed by mistake, say) from travelling further.
// Values the spec calls open (status, event type and category) are plain strings on purpose.
import { z } from 'zod'
import type { Page, PageLinks, PageMeta, ServerInfo, Site, SiteEvent, Tag } from '../../shared'
import { boundedList } from './bounded-list'

// ISO 8601 date-time with "Z" or a numeric offset (+02:00 or +0200), optional fractions.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/
const timestamp = z.string().regex(TIMESTAMP, 'expected an ISO 8601 timestamp with offset')
const id = z.number().int().positive()
const count = z.number().int().nonnegative()

export const tagSchema = z.object({
  id,
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
}) satisfies z.ZodType<Tag>

const nullableString = z.string().nullable()
const serverInfoSchema = z.object({
  ip: nullableString,
  web: nullableString,
  php: nullableString,
  mysql: nullableString,
}) satisfies z.ZodType<ServerInfo>

const NO_SERVER_DATA: ServerInfo = { ip: null, web: null, php: null, mysql: null }

export const siteSchema = z.object({
  id,
  name: z.string(),
  url: z.string(),
  admin_url: z.string(),
  notes: z.string(),
  status: z.string(),
  published: z.number().int().nullable(),
  tags: boundedList(tagSchema),
  // Spec 2.1: "Null until server data has been collected" reads both as null keys and as a null
  // object; both mean the same, so the app sees one shape.
  server: serverInfoSchema.nullable().transform((server) => server ?? { ...NO_SERVER_DATA }),
  // Spec 2.1: present when a site is read or listed.
  updates_count: count,
  created_at: timestamp,
  updated_at: timestamp,
  last_check_at: timestamp.nullable(),
}) satisfies z.ZodType<Site, unknown>

/** The answer to creating a site (spec 4.1), the one place where updates_count is absent. */
export const createdSiteSchema = siteSchema.extend({ updates_count: count.optional() }) satisfies z.ZodType<Site, unknown>

export const siteEventSchema = z.object({
  id,
  site_id: id,
  category: z.string(),
  message: z.string(),
  type: z.string(),
  created_at: timestamp,
}) satisfies z.ZodType<SiteEvent>

const linkSchema = z.string().nullable()
const linksSchema = z.object({
  first: linkSchema,
  last: linkSchema,
  prev: linkSchema,
  next: linkSchema,
}) satisfies z.ZodType<PageLinks>

const metaSchema = z.object({
  current_page: z.number().int().positive(),
  from: z.number().int().positive().nullable(),
  last_page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  to: z.number().int().positive().nullable(),
  total: count,
  path: z.string(),
}) satisfies z.ZodType<PageMeta>

export function pageSchema<T>(item: z.ZodType<T, unknown>): z.ZodType<Page<T>, unknown> {
  return z.object({ data: boundedList(item), links: linksSchema, meta: metaSchema })
}

export function dataSchema<T>(item: z.ZodType<T, unknown>): z.ZodType<{ data: T }, unknown> {
  return z.object({ data: item }) as z.ZodType<{ data: T }, unknown>
}

/** Any error body that carries a message. */
export const messageBodySchema = z.object({ message: z.string() })

/** "data[3].server.php: expected string, received number" for the first few issues. */
export function describeIssues(error: z.ZodError, max = 3): string {
  const parts = error.issues.slice(0, max).map((issue) => {
    const path = issue.path
      .map((segment, index) =>
        typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
      )
      .join('')
    const what = issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'missing' : issue.message
    return `${path === '' ? '(body)' : path}: ${what}`
  })
  const more = error.issues.length > max ? ` (and ${error.issues.length - max} more)` : ''
  return parts.join('; ') + more
}

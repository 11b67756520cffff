// Response shapes of spec sections 2 and 4, checked at the boundary. Objects strip unknown
// members instead of refusing them: a newer server may add fields, and stripping keeps anything
// the spec does not name (a private_key echoed by mistake, say) from travelling further.
// Values the spec calls open (status, event type and category) are plain strings on purpose.
import { z } from 'zod'
import type { Page, PageLinks, PageMeta, ServerInfo, Site } from '../../shared'
import { serverInfoSchema, siteEventSchema, siteHead, siteTail, tagSchema } from '../../shared/api-shapes'
import { boundedList } from './bounded-list'

// The resource shapes are the spec's, shared with the reference server (shared/api-shapes.ts);
// re-exported so the API client reads every schema from here.
export { siteEventSchema, tagSchema }

const count = z.number().int().nonnegative()

const NO_SERVER_DATA: ServerInfo = { ip: null, web: null, php: null, mysql: null }

export const siteSchema = z.object({
  ...siteHead,
  tags: boundedList(tagSchema),
  // Spec 2.1: "Null until server data has been collected" reads both as null keys and as a null
  // object; both mean the same, so the app sees one shape.
  server: serverInfoSchema.nullable().transform((server) => server ?? { ...NO_SERVER_DATA }),
  // Spec 2.1: present when a site is read or listed.
  updates_count: count,
  ...siteTail,
}) satisfies z.ZodType<Site, unknown>

/** The answer to creating a site (spec 4.1), the one place where updates_count is absent. */
export const createdSiteSchema = siteSchema.extend({ updates_count: count.optional() }) satisfies z.ZodType<Site, unknown>

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

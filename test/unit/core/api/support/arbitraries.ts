// fast-check generators for API answers: valid envelopes and items as the spec shows them, the
// same with one value replaced or removed anywhere, and bodies that are not JSON at all.
import fc from 'fast-check'

const timestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString())
const id = fc.integer({ min: 1, max: 1_000_000 })
const text = fc.string({ maxLength: 40 })

export const tagArb = fc.record({ id, name: text, created_at: timestamp, updated_at: timestamp })

export const siteArb = fc.record({
  id,
  name: text,
  url: fc.webUrl(),
  admin_url: fc.webUrl(),
  notes: text,
  status: fc.constantFrom('Ok', 'Down', ''),
  published: fc.constantFrom(1, null),
  tags: fc.array(tagArb, { maxLength: 3 }),
  server: fc.option(fc.record({ ip: fc.option(text), web: fc.option(text), php: fc.option(text), mysql: fc.option(text) }), { nil: null }),
  updates_count: fc.nat(50),
  created_at: timestamp,
  updated_at: timestamp,
  last_check_at: fc.option(timestamp, { nil: null }),
})

export const eventArb = fc.record({ id, site_id: id, category: text, message: text, type: text, created_at: timestamp })

/** A consistent envelope of spec 2.4 for `items` on page `page` of a list of `total`. */
export function envelopeOf<T>(items: T[], page: number, total: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null
  const link = (n: number) => `https://api.test/v1/sites?page=${n}`
  return {
    data: items,
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    meta: { current_page: page, from, last_page: lastPage, per_page: perPage, to: from === null ? null : from + items.length - 1, total, path: 'https://api.test/v1/sites' },
  }
}

/** Valid envelopes of `item`: a page of a list whose counts add up, with the items it should hold. */
export function envelopeArb<T>(item: fc.Arbitrary<T>) {
  return fc.record({ perPage: fc.integer({ min: 1, max: 15 }), total: fc.integer({ min: 0, max: 60 }) }).chain(({ perPage, total }) =>
    fc.integer({ min: 1, max: Math.max(1, Math.ceil(total / perPage)) }).chain((page) => {
      const count = Math.max(0, Math.min(perPage, total - (page - 1) * perPage))
      return fc.array(item, { minLength: count, maxLength: count }).map((items) => envelopeOf(items, page, total, perPage))
    }),
  )
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

/** Every path to a value inside `value`, the root included. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const found = [at]
  if (Array.isArray(value)) value.forEach((v, i) => found.push(...paths(v, [...at, i])))
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) found.push(...paths(v, [...at, k]))
  return found
}

/** `value` with the value at one path replaced by `replacement` (removed when undefined). */
function replaced(value: unknown, path: (string | number)[], replacement: Json | undefined): unknown {
  if (path.length === 0) return replacement
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  const inner = replaced(copy[head], rest, replacement)
  if (inner === undefined) delete copy[head]
  else copy[head] = inner
  return copy
}

const oddValue: fc.Arbitrary<Json | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<Json>(null, -1, 0, 1.5, 2 ** 53, -(2 ** 60), '', '1', 'https://evil.test/v1/sites?page=1', [], {}, true),
  fc.jsonValue() as fc.Arbitrary<Json>,
)

/** `value` with one value anywhere inside it replaced by something odd, or removed. */
export function mutatedArb(base: fc.Arbitrary<unknown>, mutations = 3): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.array(fc.tuple(fc.nat(), oddValue), { minLength: 1, maxLength: mutations })).map(([value, changes]) => {
    let out = value
    for (const [pick, replacement] of changes) {
      const all = paths(out)
      out = replaced(out, all[pick % all.length]!, replacement)
    }
    return out
  })
}

/** Bodies that are not JSON: HTML, cut-off JSON, text, binary noise. */
export const notJsonArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('<', '>', '/', 'a', 'title', 'script', ' ', '"', '{', '[', ']', '}', ':', ','), maxLength: 200 }),
  envelopeArb(siteArb).chain((page) => {
    const json = JSON.stringify(page)
    return fc.nat(json.length).map((cut) => json.slice(0, cut))
  }),
  fc.constantFrom('', ' ', 'null', 'undefined', 'NaN', '[]', '{}', '"data"', '<html><title>Login</title></html>', '\u0000', '\uFEFF{}'),
)

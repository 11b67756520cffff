// A list schema that stops after the first few bad items. z.array checks every item and keeps
// an issue for each fault of each one: 5 MiB of "{}" items made some 22 million issues and ran
// the heap out, and a page of mistyped items took seconds. One bad item already makes the
// answer unusable, and a few are enough to say what is wrong, so checking stops there.
import { z } from 'zod'

/** Bad items reported before checking stops. */
export const MAX_BAD_ITEMS = 3
/** Issues kept per bad item (an item may have dozens of faults). */
const MAX_ISSUES_PER_ITEM = 3

export function boundedList<T>(item: z.ZodType<T, unknown>): z.ZodType<T[], unknown> {
  return z.array(z.unknown()).transform((values, ctx) => {
    const items: T[] = []
    let bad = 0
    for (let index = 0; index < values.length; index++) {
      const result = item.safeParse(values[index])
      if (result.success) {
        items.push(result.data)
        continue
      }
      for (const issue of result.error.issues.slice(0, MAX_ISSUES_PER_ITEM)) {
        // The item's issue, with its path under the list's (zod prefixes the list's own path).
        ctx.addIssue({ ...issue, path: [index, ...issue.path] } as Parameters<typeof ctx.addIssue>[0])
      }
      if (++bad >= MAX_BAD_ITEMS) break
    }
    return bad > 0 ? z.NEVER : items
  })
}

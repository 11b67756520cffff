// How many of a site's tags its table row shows as chips: two side by side when their names
// together are TAG_CHIP_CHARS long or shorter ("VIP" and "Staging"), otherwise the first and
// "+N". One rule for the row the renderer draws and for the widest cells core picks to size the
// Tags column (core/query/widest-cells.ts), so the chips a row shows are never cut.

export const TAG_CHIP_CHARS = 16

export function shownTagCount(names: readonly string[], budget = TAG_CHIP_CHARS): number {
  if (names.length <= 1) return names.length
  return names[0]!.length + names[1]!.length <= budget ? 2 : 1
}

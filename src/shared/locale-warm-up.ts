// The first Intl formatter a page makes loads the locale's number and date data: 20-35 ms in a
// cold Chromium page on the development machine, paid inside the app's first long task (the
// sync time's clock and the row counts are on its first screen). Any formatter after that one
// costs well under a millisecond. A shell's own script, which runs before the app's bundle has
// arrived (the web shell's bridge, the desktop's preload), makes one of each kind the first
// screen uses and drops them, so that cost falls in time the page spends waiting anyway.

/** Makes and drops one formatter of each kind the first screen uses, in the person's locale. */
export function warmUpLocaleData(): void {
  try {
    new Intl.NumberFormat(undefined).format(1234.5)
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0)
    new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-1, 'minute')
  } catch {
    // A runtime without full Intl data: the app formats as it can, and nothing here matters.
  }
}

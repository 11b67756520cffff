// How the report writes a figure that may be missing: a percentage or "no checks", a day or
// "not known". Shared by the document's sections so they say it the same way.

/** "99.95 %"; "no checks" when none ran. */
export const percent = (value: number | null): string => (value === null ? 'no checks' : `${value.toFixed(2)} %`)

/** The day of an ISO time ("2026-12-31"); "not known" when there is none. */
export const day = (iso: string | null): string => (iso === null ? 'not known' : iso.slice(0, 10))

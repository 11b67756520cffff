// Types for licenses.mjs, so TypeScript tests can import it.
export interface LicenseRecord {
  name: string
  version: string
  license: string
  author?: string
  text?: string
}
export const LICENSES_FILE: string
export function rendererImports(): Set<string>
export function collectLicenses(): LicenseRecord[]
/** Data the app carries that is not a package (endoflife.date's end-of-life dates), credited the same way. */
export function dataCredits(): LicenseRecord[]
export function writeLicenses(file?: string): LicenseRecord[]

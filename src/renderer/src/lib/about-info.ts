// What the About box shows besides the app's own name and version: the runtime versions it
// can tell from the browser, and the list of bundled packages' licenses written at build time
// (scripts/licenses.mjs → src/renderer/src/generated/licenses.json, kept out of git).

/** One bundled package, as scripts/licenses.mjs writes it. */
export interface LicenseEntry {
  name: string
  version: string
  license: string
  author?: string
  /** The package's LICENSE file, when it has one. */
  text?: string
}

export interface RuntimeVersions {
  electron: string | null
  chromium: string | null
}

/** Electron and Chromium name themselves in the user agent ("Electron/45.4.1", "Chrome/140.0…"). */
export function runtimeVersions(userAgent: string): RuntimeVersions {
  return {
    electron: /\bElectron\/([\d.]+)/.exec(userAgent)?.[1] ?? null,
    // Headless Chromium says "HeadlessChrome/…".
    chromium: /(?:\b|Headless)Chrom(?:e|ium)\/([\d.]+)/.exec(userAgent)?.[1] ?? null,
  }
}

// A glob, not an import: a build or test without the generated file still compiles, and the
// About box says the list is missing instead of the whole renderer failing.
const generated = import.meta.glob<{ default: LicenseEntry[] }>('../generated/licenses.json')

/** The bundled packages' licenses; null when this build has no list. */
export async function loadLicenses(): Promise<LicenseEntry[] | null> {
  const load = Object.values(generated)[0]
  if (!load) return null
  const module = await load()
  return [...module.default].sort((a, b) => a.name.localeCompare(b.name))
}

// How a site's extensions change between checks, and the event each change leaves behind.
// Both the demo history (seed) and the live monitoring simulation use it, so updates_count
// (the number of pending updates) always agrees with the events a client has seen.
import type { InstalledExtension, StoredSite } from './model'
import type { SeededRandom } from './random'
import { extensionsFor } from './seed/catalog'

export interface ExtensionActivity {
  type: 'update_extension_available' | 'updated_extension' | 'new_extension'
  message: string
}

/** A plausible next version: mostly a patch, sometimes a minor release. */
export function bumpVersion(version: string, random: SeededRandom): string {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0)
  while (parts.length < 3) parts.push(0)
  if (random.chance(0.25)) return `${parts[0]}.${(parts[1] ?? 0) + 1}.0`
  return `${parts[0]}.${parts[1]}.${(parts[2] ?? 0) + random.int(1, 3)}`
}

/** The extensions a site has when it is first checked. */
export function initialExtensions(cmsId: number | null, random: SeededRandom): InstalledExtension[] {
  const catalog = extensionsFor(cmsId)
  return random.sample(catalog, random.int(3, 6)).map((extension) => ({
    name: extension.name,
    version: extension.version,
    available: null,
  }))
}

/** One change on a site: an update appears, an update is applied, or an extension is installed. */
export function advanceExtensions(site: StoredSite, random: SeededRandom): ExtensionActivity {
  const pending = site.extensions.filter((e) => e.available !== null)
  const current = site.extensions.filter((e) => e.available === null)
  const installable = extensionsFor(site.cms_id).filter((c) => !site.extensions.some((e) => e.name === c.name))
  const roll = random.next()

  if (pending.length > 0 && (roll < 0.4 || current.length === 0)) {
    const extension = random.pick(pending)
    const from = extension.version
    extension.version = extension.available as string
    extension.available = null
    return {
      type: 'updated_extension',
      message: `${extension.name} was updated from version ${from} to ${extension.version}.`,
    }
  }
  if (current.length > 0 && (roll < 0.85 || installable.length === 0)) {
    const extension = random.pick(current)
    extension.available = bumpVersion(extension.version, random)
    return {
      type: 'update_extension_available',
      message: `A new version of ${extension.name} is available: ${extension.available} (installed: ${extension.version}).`,
    }
  }
  const chosen = installable.length > 0 ? random.pick(installable) : { name: 'Custom Module', version: '1.0.0' }
  site.extensions.push({ name: chosen.name, version: chosen.version, available: null })
  return { type: 'new_extension', message: `${chosen.name} ${chosen.version} was installed.` }
}

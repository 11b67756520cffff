// Reads electron-builder.yml with electron-builder's own YAML reader (js-yaml, from app-builder-lib).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../../', import.meta.url))
export const requireHere = createRequire(import.meta.url)
const builderLib = requireHere.resolve('app-builder-lib')
const yaml = requireHere(requireHere.resolve('js-yaml', { paths: [builderLib] })) as { load: (text: string) => unknown }
/** The glob matcher electron-builder itself uses for `files`. */
export const minimatch = (requireHere(requireHere.resolve('minimatch', { paths: [builderLib] })) as {
  minimatch: (path: string, pattern: string, options?: { dot?: boolean }) => boolean
}).minimatch

export interface BuilderConfig {
  npmRebuild?: boolean
  asar?: boolean
  directories?: { output?: string; buildResources?: string }
  linux?: { target?: string[]; icon?: string }
  mac?: { target?: string[]; icon?: string }
  win?: { target?: string[]; icon?: string }
  nsis?: { installerIcon?: string; uninstallerIcon?: string }
  files?: string[]
}

export function loadBuilderConfig(): BuilderConfig {
  return yaml.load(readFileSync(`${root}electron-builder.yml`, 'utf8')) as BuilderConfig
}

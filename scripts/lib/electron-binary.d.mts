// Types for electron-binary.mjs, so TypeScript tests can import it.
export function findElectronBinary(options?: { root?: string; env?: NodeJS.ProcessEnv }): string | null
export function whyElectronCannotStart(options: {
  binary: string | null
  platform?: NodeJS.Platform
  env?: NodeJS.ProcessEnv
}): string | null

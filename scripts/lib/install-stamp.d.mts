// Types for install-stamp.mjs, so TypeScript tests can import it.
export const STAMP_FILE: string
export function installState(root?: string): 'missing' | 'stale' | 'current'
export function writeInstallStamp(root?: string): void

// Types for install-progress.mjs, so TypeScript tests can import it.
export function lockedPackageCount(root: string): number
export function installedPackageCount(root: string): number
export function progressLine(installed: number, total: number, elapsedMs: number): string
export function reportInstallProgress(options: {
  root: string
  write: (text: string) => void
  intervalMs?: number
  now?: () => number
}): () => void

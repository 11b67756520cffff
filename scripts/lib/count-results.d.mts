// Types for count-results.mjs, so TypeScript tests can import it.
export function countResults(
  kind: 'vitest' | 'playwright',
  file: string,
  exitCode: number,
): { passed: number; failed: number; skipped: number }
export function exitNote(kind: 'vitest' | 'playwright', file: string, exitCode: number): string

// Types for electron-results.mjs, so TypeScript tests can import it.
export function electronResults(
  file: string,
  exitCode: number,
): { passed: number; failed: number; skipped: number; reason: string }

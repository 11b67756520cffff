// Types for electron-sqlite.mjs, so TypeScript tests can import it.
export const SQLITE_BINDING_ENV: string
export function nodeGypScript(execPath?: string): string | null
export function electronSqlitePlan(options?: { root?: string; execPath?: string }): {
  sqliteDir: string
  electronVersion: string
  outDir: string
  binding: string
  buildDir: string
  command: string[] | null
}
export function ensureElectronSqlite(options?: {
  root?: string
  log?: (line: string) => void
  exec?: (command: string, args: string[], options: { cwd: string; maxBuffer: number }) => Promise<unknown>
}): Promise<string>

// Types for launch-electron.mjs, so TypeScript tests can import it.
import type { ChildProcess } from 'node:child_process'
export function launchElectron(
  binary: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; onSpawnError: (error: Error) => void },
): ChildProcess

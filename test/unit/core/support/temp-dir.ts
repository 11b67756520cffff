// A throwaway data folder per test, removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export async function withTempDirs(): Promise<{ make(): Promise<string>; cleanup(): Promise<void> }> {
  const made: string[] = []
  return {
    async make() {
      const dir = await mkdtemp(join(tmpdir(), 'site-manager-core-'))
      made.push(dir)
      return dir
    },
    async cleanup() {
      await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
    },
  }
}

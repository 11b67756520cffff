// The settings writer (src/node-utils/atomic-write.ts) writes `.<name>.<pid>.<random>.tmp` beside the file and
// renames it over the file; a process killed between the two leaves the temp file behind. At
// start such files are removed, except those of a process still running (which may be writing
// one now).
import { readdir, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export async function removeLeftoverTemps(path: string): Promise<string[]> {
  const name = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = new RegExp(`^\\.${name}\\.(\\d+)\\.[0-9a-f]+\\.tmp$`)
  const folder = dirname(path)
  const removed: string[] = []
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    const pid = Number(pattern.exec(entry)?.[1] ?? NaN)
    if (!Number.isInteger(pid) || pid === process.pid || isRunning(pid)) continue
    await rm(join(folder, entry), { force: true })
    removed.push(entry)
  }
  return removed
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (thrown) {
    // EPERM: it runs, as another user.
    return (thrown as NodeJS.ErrnoException).code === 'EPERM'
  }
}

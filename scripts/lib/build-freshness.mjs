// "Is out/ older than its sources?" by file times, so start and web commands skip a build
// that would change nothing (a full build takes tens of seconds on a small machine).
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Newest modification time of the files under the given paths; 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0
  const visit = (path) => {
    let info
    try {
      info = statSync(path)
    } catch {
      return
    }
    if (info.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name))
    } else {
      newest = Math.max(newest, info.mtimeMs)
    }
  }
  for (const path of paths) visit(path)
  return newest
}

/** Oldest modification time of the given files; 0 when any is missing. */
export function oldestMtime(files) {
  let oldest = Infinity
  for (const file of files) {
    try {
      oldest = Math.min(oldest, statSync(file).mtimeMs)
    } catch {
      return 0
    }
  }
  return oldest === Infinity ? 0 : oldest
}

export function isFresh({ outputs, inputs }) {
  return oldestMtime(outputs) >= newestMtime(inputs)
}

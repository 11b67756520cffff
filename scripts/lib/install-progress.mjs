// What a first install is doing, while `npm ci` says nothing (it shows no progress when its
// output is not a terminal, and a fresh install takes minutes): every few seconds, how many
// of the lock's packages are in node_modules so far and how long it has taken. Counted from
// the folders npm unpacks, so it moves as the install really does. Node built-ins only: it
// runs before anything is installed.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The packages the lock puts at the top of node_modules (nested copies are not counted). */
export function lockedPackageCount(root) {
  try {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
    return Object.keys(lock.packages ?? {}).filter((path) => path.startsWith('node_modules/') && !path.slice(13).includes('/node_modules/')).length
  } catch {
    return 0
  }
}

/** The packages at the top of node_modules now: plain folders and the folders in @scopes. */
export function installedPackageCount(root) {
  const modules = join(root, 'node_modules')
  if (!existsSync(modules)) return 0
  let count = 0
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || !entry.isDirectory()) continue
    if (!entry.name.startsWith('@')) count++
    else count += readdirSync(join(modules, entry.name), { withFileTypes: true }).filter((scoped) => scoped.isDirectory()).length
  }
  return count
}

/** "Still installing: 412 of 1,033 packages in place (1 min 5 s)". */
export function progressLine(installed, total, elapsedMs) {
  const seconds = Math.round(elapsedMs / 1000)
  const time = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
  const number = (n) => n.toLocaleString('en-US')
  const count = total > 0 ? `${number(Math.min(installed, total))} of ${number(total)} packages in place` : `${number(installed)} packages in place`
  return `Still installing: ${count} (${time})`
}

/**
 * Writes a progress line every `intervalMs` until the returned function is called; a line only
 * when something changed or a minute passed, so a slow step (compiling keytar) does not fill
 * the screen with the same line.
 */
export function reportInstallProgress({ root, write, intervalMs = 5000, now = Date.now }) {
  const started = now()
  const total = lockedPackageCount(root)
  let lastCount = -1
  let lastWritten = started
  const timer = setInterval(() => {
    const count = installedPackageCount(root)
    const at = now()
    if (count === lastCount && at - lastWritten < 60_000) return
    lastCount = count
    lastWritten = at
    write(`${progressLine(count, total, at - started)}\n`)
  }, intervalMs)
  return () => clearInterval(timer)
}

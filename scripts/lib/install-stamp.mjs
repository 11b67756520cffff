// Whether node_modules was installed from the current package-lock.json. After every
// successful install a sha256 of the lock is written to node_modules/.site-manager-lock, and
// "current" means that stamp equals the lock's hash now. Contents, not file times: a touched
// or checked-out package.json must never make a command wipe and reinstall node_modules
// (package.json alone does not change what `npm ci` installs). Node built-ins only: this
// runs before anything is installed.
//   node scripts/lib/install-stamp.mjs state   prints missing | stale | current
//   node scripts/lib/install-stamp.mjs write   stamps node_modules after an install
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { appRoot } from './app-root.mjs'

export const STAMP_FILE = join('node_modules', '.site-manager-lock')

function lockHash(root) {
  return createHash('sha256').update(readFileSync(join(root, 'package-lock.json'))).digest('hex')
}

/** 'missing' (no node_modules), 'stale' (no stamp, or one for another lock) or 'current'. */
export function installState(root = appRoot) {
  if (!existsSync(join(root, 'node_modules'))) return 'missing'
  let stamp
  try {
    stamp = readFileSync(join(root, STAMP_FILE), 'utf8').trim()
  } catch {
    return 'stale'
  }
  return stamp === lockHash(root) ? 'current' : 'stale'
}

export function writeInstallStamp(root = appRoot) {
  writeFileSync(join(root, STAMP_FILE), `${lockHash(root)}\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.argv[2]
  if (command === 'state') console.log(installState())
  else if (command === 'write') writeInstallStamp()
  else {
    process.stderr.write('usage: node scripts/lib/install-stamp.mjs state|write\n')
    process.exit(2)
  }
}

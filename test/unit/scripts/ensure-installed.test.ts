// `npm start` / `npm run web` install only into a missing node_modules: one installed from
// another package-lock.json is reported and left alone, never wiped. Checked against a copy
// of scripts/lib in a throwaway root whose install-deps.sh only records that it was run.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { installState, STAMP_FILE, writeInstallStamp } from '../../../scripts/lib/install-stamp.mjs'

const scriptsLib = join(import.meta.dirname, '../../../scripts/lib')
let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ensure-installed-test-'))
  writeFileSync(join(root, 'package.json'), '{"name":"x"}')
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the install stamp', () => {
  it('is missing without node_modules, stale without a stamp, current once stamped', () => {
    expect(installState(root)).toBe('missing')
    mkdirSync(join(root, 'node_modules'))
    expect(installState(root)).toBe('stale')
    writeInstallStamp(root)
    expect(installState(root)).toBe('current')
  })

  it('goes stale when the lock changes, and ignores package.json and file times', () => {
    mkdirSync(join(root, 'node_modules'))
    writeInstallStamp(root)
    const later = new Date(Date.now() + 60_000)
    utimesSync(join(root, 'package.json'), later, later)
    utimesSync(join(root, 'package-lock.json'), later, later)
    writeFileSync(join(root, 'package.json'), '{"name":"x","version":"2"}')
    expect(installState(root)).toBe('current')
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{"node_modules/a":{}}}')
    expect(installState(root)).toBe('stale')
  })
})

describe('installing before start', () => {
  function run(): { stderr: string; installed: boolean } {
    cpSync(scriptsLib, join(root, 'scripts', 'lib'), { recursive: true })
    writeFileSync(join(root, 'scripts', 'install-deps.sh'), 'echo ran > "$(dirname "$0")/../install-ran"\n')
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "import('./scripts/lib/ensure-installed.mjs').then((m) => m.ensureInstalled())"],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
    )
    expect(result.status).toBe(0)
    return { stderr: result.stderr, installed: existsSync(join(root, 'install-ran')) }
  }

  it('installs when node_modules is missing', () => {
    expect(run().installed).toBe(true)
  })

  it('only says so when node_modules came from another lock, leaving it as it is', () => {
    mkdirSync(join(root, 'node_modules'))
    writeFileSync(join(root, STAMP_FILE), 'an-older-lock\n')
    writeFileSync(join(root, 'node_modules', 'kept'), '')
    const { stderr, installed } = run()
    expect(installed).toBe(false)
    expect(stderr).toBe('Dependencies changed: run `npm ci` (or the README\'s test command) first.\n')
    expect(existsSync(join(root, 'node_modules', 'kept'))).toBe(true)
    expect(readFileSync(join(root, STAMP_FILE), 'utf8')).toBe('an-older-lock\n')
  })

  it('does nothing when node_modules is current', () => {
    mkdirSync(join(root, 'node_modules'))
    writeInstallStamp(root)
    expect(run()).toEqual({ stderr: '', installed: false })
  })
})

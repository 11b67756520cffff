// npm start builds a copy of better-sqlite3 for Electron's ABI (the installed one is for Node's)
// and hands its path to the main process. Electron's headers cannot be downloaded here, so the
// compile step is stood in for; what is checked is the plan, the copy that leaves the Node
// build alone, the reuse of a finished build, and a failure said in one sentence.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { electronSqlitePlan, ensureElectronSqlite, SQLITE_BINDING_ENV } from '../../../scripts/lib/electron-sqlite.mjs'
import { SQLITE_BINDING_ENV as MAIN_READS } from '../../../src/main/app-paths'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'electron-sqlite-'))
  writeFileSync(join(root, 'package.json'), '{"name":"app"}')
  for (const [name, version] of [['electron', '45.4.1'], ['better-sqlite3', '12.11.1']]) {
    mkdirSync(join(root, 'node_modules', name!), { recursive: true })
    writeFileSync(join(root, 'node_modules', name!, 'package.json'), JSON.stringify({ name, version }))
  }
  // The Node build that must stay untouched, and a source file that must be copied.
  mkdirSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release'), { recursive: true })
  writeFileSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), 'node build')
  writeFileSync(join(root, 'node_modules', 'better-sqlite3', 'binding.gyp'), '{}')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the SQLite module for Electron', () => {
  it('is named by the same variable the main process reads', () => {
    expect(SQLITE_BINDING_ENV).toBe(MAIN_READS)
  })

  it('is planned per Electron and better-sqlite3 version, compiled against Electron headers', () => {
    const plan = electronSqlitePlan({ root })
    expect(plan.electronVersion).toBe('45.4.1')
    expect(plan.binding).toBe(join(root, 'node_modules', '.cache', 'site-manager-native', 'electron-45.4.1-better-sqlite3-12.11.1', 'better_sqlite3.node'))
    expect(plan.command).toEqual(expect.arrayContaining(['rebuild', '--runtime=electron', '--target=45.4.1', '--dist-url=https://electronjs.org/headers']))
  })

  it('compiles a copy, keeps the Node build, and reuses the result next time', async () => {
    const calls: { command: string; args: string[]; cwd: string }[] = []
    const exec = async (command: string, args: string[], options: { cwd: string }) => {
      calls.push({ command, args, cwd: options.cwd })
      expect(existsSync(join(options.cwd, 'binding.gyp'))).toBe(true)
      expect(existsSync(join(options.cwd, 'build'))).toBe(false)
      mkdirSync(join(options.cwd, 'build', 'Release'), { recursive: true })
      writeFileSync(join(options.cwd, 'build', 'Release', 'better_sqlite3.node'), 'electron build')
    }
    const lines: string[] = []
    const binding = await ensureElectronSqlite({ root, exec, log: (line) => lines.push(line) })
    expect(readFileSync(binding, 'utf8')).toBe('electron build')
    expect(readFileSync(join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), 'utf8')).toBe('node build')
    expect(lines).toEqual(['Building the SQLite module for Electron 45.4.1 (once; about a minute)...'])
    expect(calls).toHaveLength(1)

    expect(await ensureElectronSqlite({ root, exec, log: (line) => lines.push(line) })).toBe(binding)
    expect(calls).toHaveLength(1)
  })

  it('says in one sentence why it could not be built', async () => {
    const exec = async () => {
      throw Object.assign(new Error('Command failed'), { stderr: '\ngyp ERR! stack Error: getaddrinfo ENOTFOUND electronjs.org\nmore' })
    }
    await expect(ensureElectronSqlite({ root, exec, log: () => undefined })).rejects.toThrow(
      'the SQLite module could not be built for Electron 45.4.1: gyp ERR! stack Error: getaddrinfo ENOTFOUND electronjs.org',
    )
  })
})

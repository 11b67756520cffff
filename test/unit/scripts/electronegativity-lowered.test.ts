// A built file the scanner's parser cannot walk (ES2022 class syntax: a vendor class with
// #private fields) is lowered to ES2021 and scanned again, so what it does is still checked:
// here an openExternal call beside such a class is found and reported, not skipped as unread.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'electronegativity-lowered-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('scripts/electronegativity.mjs', () => {
  it('reads a file with #private class fields by lowering it, and reports its findings', () => {
    mkdirSync(join(dir, 'out', 'main'), { recursive: true })
    mkdirSync(join(dir, 'out', 'renderer', 'assets'), { recursive: true })
    writeFileSync(join(dir, 'out', 'main', 'index.js'), "const { app } = require('electron')\napp.whenReady()\n")
    writeFileSync(
      join(dir, 'out', 'renderer', 'assets', 'chunk.js'),
      "class Memo { #kept = new Map(); get(k) { return this.#kept.get(k) } }\nimport { shell } from 'electron'\nshell.openExternal(location.href)\nexport { Memo }\n",
    )
    writeFileSync(join(dir, 'accepted.json'), '[]')
    const run = spawnSync(process.execPath, ['scripts/electronegativity.mjs', '--input', join(dir, 'out'), '--accepted', join(dir, 'accepted.json')], {
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.stdout).toContain('lowered   renderer/assets/chunk.js')
    expect(run.stdout).toMatch(/NEW {7}OPEN_EXTERNAL_JS_CHECK at renderer\/assets\/chunk\.js:\d+:\d+ .*shell\.openExternal\(location\.href\)/)
    expect(run.stdout).toContain('0 file(s) not read')
    expect(run.status).toBe(1)
  }, 60_000)
})

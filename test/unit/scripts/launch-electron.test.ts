// npm start falls back to the web shell when the Electron binary exists but cannot be run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { launchElectron } from '../../../scripts/lib/launch-electron.mjs'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'launch-electron-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

// execve needs an execute bit even for root, so this holds whoever runs the tests.
it('reports a binary without execute permission instead of crashing', async () => {
  const binary = join(dir, 'electron')
  writeFileSync(binary, '#!/bin/sh\n', { mode: 0o644 })
  const error = await new Promise<Error>((resolve) => launchElectron(binary, [], { onSpawnError: resolve }))
  expect((error as NodeJS.ErrnoException).code).toBe('EACCES')
})

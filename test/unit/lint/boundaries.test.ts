// Proves the boundary rules of eslint.config.js fail a wrong import, so the rooms of
// DESIGN.md cannot drift silently.
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImportMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
}

describe('lint boundaries', () => {
  it.each([
    ['src/core/x.ts', "import { app } from 'electron'\nvoid app\n"],
    ['src/core/x.ts', "import { x } from '../renderer/stores/x'\nvoid x\n"],
    ['src/core/x.ts', "import { x } from '../main/x'\nvoid x\n"],
    ['src/shared/x.ts', "import { app } from 'electron'\nvoid app\n"],
    ['src/web/x.ts', "import { app } from 'electron'\nvoid app\n"],
    ['src/renderer/x.ts', "import { createCore } from '../core'\nvoid createCore\n"],
    ['src/renderer/x.ts', "import { ipcRenderer } from 'electron'\nvoid ipcRenderer\n"],
    ['src/renderer/x.ts', "import { readFile } from 'node:fs'\nvoid readFile\n"],
    ['src/main/x.ts', "import { ipcRenderer } from 'electron'\nvoid ipcRenderer\n"],
    ['src/main/x.ts', "import { x } from '../renderer/x'\nvoid x\n"],
    ['src/preload/x.ts', "import { createCore } from '../core'\nvoid createCore\n"],
    // The side doors: import() and require() of the same places.
    ['src/renderer/x.ts', "export const load = () => import('../../core')\n"],
    ['src/renderer/x.ts', "export const load = () => import('node:fs')\n"],
    ['src/renderer/x.ts', "export const load = () => import('electron')\n"],
    ['src/core/x.ts', "export const load = () => import('electron')\n"],
    ['src/core/x.ts', "export const load = () => import('../web/server')\n"],
    ['src/shared/x.ts', "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const e = require('electron')\n"],
    ['src/web/x.ts', "export const load = () => import('../renderer/src/stores/sites')\n"],
    ['src/preload/x.ts', "export const load = () => import('../core')\n"],
  ])('refuses a wrong import in %s: %s', async (file, code) => {
    expect(await restrictedImportMessages(file, code)).not.toHaveLength(0)
  })

  it.each([
    ['src/main/x.ts', "import { app } from 'electron'\nimport { createCore } from '../core'\nvoid app\nvoid createCore\n"],
    ['src/preload/x.ts', "import { ipcRenderer } from 'electron'\nimport { REQUEST_CHANNELS } from '../shared'\nvoid ipcRenderer\nvoid REQUEST_CHANNELS\n"],
    ['src/renderer/x.ts', "import { ref } from 'vue'\nimport { REQUEST_CHANNELS } from '../shared'\nvoid ref\nvoid REQUEST_CHANNELS\n"],
    ['src/web/x.ts', "import { createCore } from '../core'\nvoid createCore\n"],
    ['src/core/x.ts', "export const load = () => import('keytar')\n"],
    ['src/main/x.ts', "export const load = () => import('electron')\n"],
    ['src/renderer/x.ts', "export const load = () => import('./views/SitesView.vue')\n"],
  ])('allows a right import in %s', async (file, code) => {
    expect(await restrictedImportMessages(file, code)).toHaveLength(0)
  })
})

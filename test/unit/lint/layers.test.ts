// Proves the layers inside the rooms (eslint.config.js LAYERS, eslint-rules/layers.js): for
// each layer, an import of the layer above it is refused with its plain message and one of the
// layer below is let through; in the renderer, only stores/ call core. The snippets are linted
// as if they were at the given paths, and every file a case imports is a real one.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function layerMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/layers').map((m) => m.message)
}

function missingImports(file: string, code: string): string[] {
  const sources = [...code.matchAll(/(?:from |import\()'(\.[^']*)'/g)].map((match) => match[1] ?? '')
  return sources.filter((source) => !['', '.ts', '.vue'].some((ending) => existsSync(`${join(dirname(file), source)}${ending}`)))
}

const imports = (name: string, from: string) => `import { ${name} } from '${from}'\nvoid ${name}\n`
const CORE = 'the layers of core are api < store < sync < channels, each importing only those before it'
const RENDERER = 'the layers of renderer are lib < stores < composables < components < views, each importing only those before it'

// [file, code, the message lint must give]
const refused: [string, string, string][] = [
  ['src/core/api/x.ts', imports('DEFAULT_SETTINGS', '../store/workspace-store'), `src/core/api may not import src/core/store: ${CORE}`],
  ['src/core/store/x.ts', imports('SyncEngine', '../sync/sync-engine'), `src/core/store may not import src/core/sync: ${CORE}`],
  ['src/core/sync/x.ts', "export const load = () => import('../channels/context')\n", `src/core/sync may not import src/core/channels: ${CORE}`],
  ['src/renderer/src/lib/x.ts', imports('useCommandsStore', '../stores/commands'), `src/renderer/src/lib may not import src/renderer/src/stores: ${RENDERER}`],
  ['src/renderer/src/stores/x.ts', imports('useNow', '../composables/useNow'), `src/renderer/src/stores may not import src/renderer/src/composables: ${RENDERER}`],
  ['src/renderer/src/composables/x.ts', "export * from '../components/common/Badge.vue'\n", `src/renderer/src/composables may not import src/renderer/src/components: ${RENDERER}`],
  ['src/renderer/src/components/x.ts', "export const load = () => import('../views/TagsView.vue')\n", `src/renderer/src/components may not import src/renderer/src/views: ${RENDERER}`],
  // Only stores/ call core.
  ['src/renderer/src/components/x.ts', imports('useApi', '../lib/api'), 'Only src/renderer/src/stores/ call core: useApi() in src/renderer/src/components belongs in a store'],
  ['src/renderer/src/composables/x.ts', imports('useApi', '../lib/api'), 'Only src/renderer/src/stores/ call core: useApi() in src/renderer/src/composables belongs in a store'],
  ['src/renderer/src/views/X.vue', `<script setup lang="ts">\n${imports('useApi', '../lib/api')}</script>\n<template><p /></template>\n`, 'Only src/renderer/src/stores/ call core: useApi() in src/renderer/src/views belongs in a store'],
  ['src/renderer/src/lib/x.ts', 'export const api = window.api\n', 'Only src/renderer/src/stores/ call core: window.api in src/renderer/src/lib belongs in a store'],
]

const allowed: [string, string][] = [
  ['src/core/store/x.ts', imports('throwIfAborted', '../api/timing')],
  ['src/core/sync/x.ts', imports('DEFAULT_SETTINGS', '../store/workspace-store')],
  ['src/core/channels/x.ts', imports('SyncEngine', '../sync/sync-engine')],
  // Core's other folders are not layered.
  ['src/core/health/x.ts', imports('SyncEngine', '../sync/sync-engine')],
  ['src/renderer/src/stores/x.ts', `${imports('formatNumber', '../lib/format')}${imports('useApi', '../lib/api')}`],
  ['src/renderer/src/composables/x.ts', imports('useCommandsStore', '../stores/commands')],
  ['src/renderer/src/components/x.ts', imports('useNow', '../composables/useNow')],
  ['src/renderer/src/views/X.vue', `<script setup lang="ts">\nimport Badge from '../components/common/Badge.vue'\nvoid Badge\n</script>\n<template><p /></template>\n`],
  // The entry provides the API; it is in no layer.
  ['src/renderer/src/x.ts', `${imports('API_KEY', './lib/api')}export const api = window.api\n`],
]

describe('lint: the layers inside the rooms', () => {
  it.each(refused)('refuses in %s: %s', async (file, code, message) => {
    expect(missingImports(file, code)).toEqual([])
    expect(await layerMessages(file, code)).toEqual([`${message} (DESIGN.md, the rooms)`])
  })

  it.each(allowed)('allows in %s: %s', async (file, code) => {
    expect(missingImports(file, code)).toEqual([])
    expect(await layerMessages(file, code)).toEqual([])
  })

  it('leaves no file of a layered room out of the rule', async () => {
    const { LAYERS } = (await import(pathToFileURL(resolve('eslint.config.js')).href)) as { LAYERS: object[] }
    const { layerConfigs } = (await import(pathToFileURL(resolve('eslint-rules/layers.js')).href)) as { layerConfigs: (rooms: object[]) => object[] }
    for (const layer of LAYERS) expect(layer).not.toHaveProperty('exceptions')
    for (const config of layerConfigs(LAYERS)) expect(config).not.toHaveProperty('ignores')
  })
})

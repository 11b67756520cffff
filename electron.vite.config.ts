import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

const RENDERER_ENTRY = resolve(__dirname, 'src/renderer/src/main.ts')

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null
}

/**
 * Everything the window's entry imports statically, followed to the end: the code that must run
 * before the window shows anything. Left to itself the bundler splits it into some thirty
 * chunks (each module a lazy view also uses becomes a chunk of its own), and a cold window
 * then waits on thirty requests, one waterfall of module fetches, before its first script can
 * run. Given one name here, it is one chunk (and one stylesheet); lazy views import from it.
 */
function firstBundleChunk(): (id: string, graph: ModuleGraph) => string | null {
  // One chunking pass hands the same graph object to every call: the set is made once per pass.
  const reachable = new WeakMap<ModuleGraph, Set<string>>()
  return (id, graph) => {
    let ids = reachable.get(graph)
    if (!ids) {
      ids = new Set([RENDERER_ENTRY])
      const queue = [RENDERER_ENTRY]
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) {
          if (!ids.has(imported)) {
            ids.add(imported)
            queue.push(imported)
          }
        }
      }
      reachable.set(graph, ids)
    }
    return ids.has(id) ? 'start' : null
  }
}

export default defineConfig({
  main: {
    build: {
      // Everything in package.json's dependencies stays a real node_modules require, not bundled:
      // keytar and better-sqlite3 are native addons loaded from their own folders, and undici is
      // kept whole as Node loads it. So a Node-only module main uses belongs in dependencies.
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot require node_modules or load ESM: one self-contained CJS file.
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    // The app is written in the Composition API alone (<script setup>), and so are its Vue
    // libraries: Vue's Options API support is left out of the first bundle (4 KB of the minified
    // chunk, 257,161 to 253,001 bytes, parsed on every start).
    plugins: [vue({ features: { optionsAPI: false } })],
    build: {
      // electron-vite leaves the renderer unminified by default; the window's first script is
      // parsed on every start, so minify it (true = Vite 8's built-in Oxc minifier).
      minify: true,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
        output: { codeSplitting: { groups: [{ name: firstBundleChunk(), debugName: 'start' }] } },
      },
    },
  },
})

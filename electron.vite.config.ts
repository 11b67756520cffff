import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'

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
    plugins: [vue()],
    build: {
      // electron-vite leaves the renderer unminified by default; the window's first script is
      // parsed on every start, so minify it (true = Vite 8's built-in Oxc minifier).
      minify: true,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
      },
    },
  },
})

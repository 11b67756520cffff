// Builds the web shell into out/web, beside electron-vite's out/main, out/preload and
// out/renderer:
//   out/web/bridge.js  the browser bridge (window.api over the WebSocket), one classic script
//   out/web/cli.js     the Node server, ESM; node_modules (ws, keytar, undici, zod) stay external
// It uses Vite's build API with inline configs (no extra config file): two small builds that
// electron-vite's three fixed targets have no slot for.
import { pathToFileURL } from 'node:url'
import { build } from 'vite'
import { appRoot } from './lib/app-root.mjs'

const quiet = { configFile: false, root: appRoot, logLevel: 'warn', clearScreen: false }

export async function buildWeb() {
  await build({
    ...quiet,
    build: {
      outDir: 'out/web',
      // The first of the two builds starts from an empty folder, so old chunks do not pile up.
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: {
        entry: 'src/web/browser/bridge.ts',
        formats: ['iife'],
        name: 'SiteManagerBridge',
        fileName: () => 'bridge.js',
      },
    },
  })
  await build({
    ...quiet,
    build: {
      outDir: 'out/web',
      emptyOutDir: false,
      target: 'node20',
      minify: false,
      ssr: 'src/web/cli.ts',
      rolldownOptions: { output: { format: 'esm', entryFileNames: 'cli.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildWeb()
  console.log('Built the web shell into out/web.')
}

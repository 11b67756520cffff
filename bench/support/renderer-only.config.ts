// The renderer part of electron.vite.config.ts alone, for bench/renderer-size.bench.ts: it
// builds the window's JavaScript exactly as `npm run build` does (same plugins, minify, target)
// into a folder of the benchmark's own, without main and preload and without touching out/.
import { defineConfig, type UserConfig } from 'electron-vite'
import config from '../../electron.vite.config'

const renderer = (config as UserConfig).renderer
export default defineConfig({ renderer })

// The sandboxed preload (bundled to out/preload/index.cjs): it only hands the page its
// bridge. It imports nothing but electron and the contract in ../shared. It runs before the
// page's scripts, so the head start's answers are asked for at once (first-screen.ts).
import { contextBridge } from 'electron'
import { buildApi } from './api'
import type { OpeningPage } from './first-screen'

// The preload's global is its world's window (the preload is checked without the DOM's types).
contextBridge.exposeInMainWorld('api', buildApi(globalThis as unknown as OpeningPage))

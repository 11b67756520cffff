// Entry of the Electron main process (bundled to out/main/index.js).
import { runApp } from './main-process'

runApp({ argv: process.argv, devServerUrl: process.env.ELECTRON_RENDERER_URL })

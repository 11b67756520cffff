// The environments a file of src/ can run in, and what each lets a file use. A room declares
// its environment (eslint.config.js); what the file uses must fit it: its globals and its
// packages, not only its folder. Signal Desktop's file-suffix rule is the model, with the room
// in place of the suffix.
import globals from 'globals'

const builtIn = new Set(Object.keys(globals.builtin))
const inBrowser = new Set(Object.keys(globals.browser))
const inNode = new Set(Object.keys(globals.node))

/** Globals only Node has: process, Buffer, __dirname, __filename, require, global... */
export const NODE_ONLY_GLOBALS = [...inNode].filter((name) => !inBrowser.has(name) && !builtIn.has(name))

/**
 * Globals only a browser page has: window, document, history... Node 22 added navigator,
 * localStorage and sessionStorage of its own, so the shared list leaves them out; they are
 * still the page's in this app, so they are added back by hand.
 */
export const DOM_ONLY_GLOBALS = [
  ...[...inBrowser].filter((name) => !inNode.has(name) && !builtIn.has(name)),
  'navigator',
  'Navigator',
  'localStorage',
  'sessionStorage',
  'Storage',
]

// Every package src/ imports belongs to one of these lists, so a new one must be placed
// before any room may use it (Signal's rule does the same).
/** Packages that need Node (files, sockets, native addons). */
export const NODE_PACKAGES = ['better-sqlite3', 'keytar', 'pino', 'pino-roll', 'sonic-boom', 'undici', 'ws']
/** Packages that need a page (DOM, Vue). */
export const DOM_PACKAGES = ['vue', 'vue-router', 'pinia', 'reka-ui', 'chart.js']
/** Packages that run anywhere. */
export const STANDARD_PACKAGES = ['zod', 'papaparse', 'tldts']

// Electron's modules by process (Electron's API docs list each module's process).
/** Modules of Electron's main process; the preload cannot use them. */
export const ELECTRON_MAIN_MODULES = [
  'app',
  'autoUpdater',
  'BaseWindow',
  'BrowserView',
  'BrowserWindow',
  'contentTracing',
  'desktopCapturer',
  'dialog',
  'globalShortcut',
  'inAppPurchase',
  'ipcMain',
  'Menu',
  'MenuItem',
  'MessageChannelMain',
  'nativeTheme',
  'net',
  'netLog',
  'Notification',
  'powerMonitor',
  'powerSaveBlocker',
  'protocol',
  'pushNotifications',
  'safeStorage',
  'screen',
  'session',
  'shell',
  'systemPreferences',
  'TouchBar',
  'Tray',
  'utilityProcess',
  'webContents',
  'WebContentsView',
  'webFrameMain',
]
/** Modules of Electron's renderer (preload) side; main cannot use them. */
export const ELECTRON_RENDERER_MODULES = ['contextBridge', 'ipcRenderer', 'webFrame', 'webUtils']

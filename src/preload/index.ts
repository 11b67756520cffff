// The sandboxed preload (bundled to out/preload/index.cjs): it only hands the page its
// bridge. It imports nothing but electron and the contract in ../shared.
import { contextBridge } from 'electron'
import { buildApi } from './api'

contextBridge.exposeInMainWorld('api', buildApi())

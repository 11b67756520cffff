// `npm run web -- [--port N] [--data-dir DIR] [--token T] [--no-open] [--demo] [--demo-interval-ms N]`
// Starts the web shell: one core, served to the browser on 127.0.0.1, and prints the address
// with its access token on stdout.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '../core'
import { createAccessToken } from './access-token'
import { findAppFiles } from './app-files'
import { LaunchOptionsError, parseLaunchOptions } from './launch-options'
import { startWebShellServer } from './server'
import { openExternal, openInBrowser } from './system-browser'

async function main(): Promise<void> {
  const options = parseLaunchOptions(process.argv.slice(2))
  const app = findAppFiles()
  if (!existsSync(join(app.rendererDir, 'index.html')) || !existsSync(app.bridgeScriptFile)) {
    throw new Error('The app is not built yet: run `npm run web` (it builds first) or `npm run build`.')
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })

  const core = createCore({
    dataDir: options.dataDir,
    shell: 'web',
    appName: app.productName,
    appVersion: app.version,
    openExternal,
    openDemoOnStart: options.demo,
    ...(options.demoIntervalMs === null ? {} : { demoMonitoringIntervalMs: options.demoIntervalMs }),
  })
  const server = await startWebShellServer({
    core,
    token: options.token ?? createAccessToken(),
    port: options.port,
    rendererDir: app.rendererDir,
    bridgeScriptFile: app.bridgeScriptFile,
  })

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await server.close()
    await core.dispose()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())

  process.stdout.write(`${app.productName} is running in your browser at this address (Ctrl+C stops it):\n${server.url}\n`)
  process.stderr.write(`App data: ${options.dataDir}\n`)
  if (options.open && !(await openInBrowser(server.url))) {
    process.stderr.write('No browser could be opened here: open the address above yourself.\n')
  }
}

main().catch((error: unknown) => {
  const message = error instanceof LaunchOptionsError || error instanceof Error ? error.message : String(error)
  process.stderr.write(`The web shell could not start: ${message}\n`)
  process.exit(1)
})

// `npm run web -- [--port N] [--data-dir DIR] [--token T] [--no-open] [--demo] [--demo-interval-ms N]`
// Starts the web shell: one core, served to the browser on 127.0.0.1, and prints the address
// with its access token on stdout.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { createCore } from '../core'
import { ExportDownloads } from '../core/export'
import { createFileLogger } from '../core/logging'
import { errorFields } from '../core/logging/redaction'
import { acquireDataFolderLock } from '../core/util/data-folder-lock'
import { createAccessToken } from './access-token'
import { findAppFiles } from './app-files'
import { LaunchOptionsError, parseLaunchOptions } from './launch-options'
import { startWebShellServer, type WebShellServer } from './server'
import { createShutdown } from './shutdown'
import { openInBrowser } from './system-browser'

function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
}

async function main(): Promise<void> {
  const options = parseLaunchOptions(process.argv.slice(2))
  const app = findAppFiles()
  if (!existsSync(join(app.rendererDir, 'index.html')) || !existsSync(app.bridgeScriptFile)) {
    throw new Error('The app is not built yet: run `npm run web` (it builds first) or `npm run build`.')
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 })
  // One process per data folder: a second shell on it would save its own account list over
  // this one's. Throws, naming the process that has it, when the folder is taken.
  const lock = acquireDataFolderLock(options.dataDir, { shell: 'web', appName: app.productName })
  const logger = createFileLogger({
    dataDir: options.dataDir,
    shell: 'web',
    onFileError: (error) =>
      process.stderr.write(`The log file could not be written (${error instanceof Error ? error.message : String(error)}); going on without it.\n`),
  })
  const token = options.token ?? createAccessToken()
  logger.registerSecret(token)
  logger.info(`${app.productName} web shell ${app.version} starting`, { dataDir: options.dataDir, demo: options.demo })

  // Finished exports wait here for their one download (the folder is emptied at start).
  const downloads = new ExportDownloads(join(options.dataDir, 'exports'))
  const core = createCore({
    dataDir: options.dataDir,
    shell: 'web',
    downloads,
    appName: app.productName,
    appVersion: app.version,
    openDemoOnStart: options.demo,
    ...(options.demoIntervalMs === null ? {} : { demoMonitoringIntervalMs: options.demoIntervalMs }),
    logger,
  })
  let server: WebShellServer
  try {
    server = await startWebShellServer({
      core,
      token,
      port: options.port,
      rendererDir: app.rendererDir,
      bridgeScriptFile: app.bridgeScriptFile,
      logger,
      downloads,
      // What the page read first last time, so the next page opens on core's answers to it.
      firstCallsFile: join(options.dataDir, 'web-first-calls.json'),
      firstAnswersFile: join(options.dataDir, 'web-first-answers.json'),
      // The window's last screen, painted by the next page before the app's scripts run.
      firstScreenFile: join(options.dataDir, 'web-first-screen.json'),
    })
  } catch (error) {
    logger.error('The web shell could not start its server', { port: options.port, error: errorFields(error) })
    await core.dispose()
    await downloads.dispose()
    await logger.close()
    lock.release()
    if (isAddressInUse(error)) {
      throw new LaunchOptionsError(
        `Port ${options.port} is already in use: pick another with --port, or leave --port out to get a free one.`,
      )
    }
    throw error
  }

  const onSignal = createShutdown({
    stop: async () => {
      await server.close()
      await core.dispose()
      await downloads.dispose()
      logger.info('The web shell stopped')
      await logger.close()
      lock.release()
    },
    exit: (code) => process.exit(code),
    log: (line) => process.stderr.write(`${line}\n`),
  })
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  logger.info('The web shell is listening', { port: server.port })
  process.stdout.write(`${app.productName} is running in your browser at this address (Ctrl+C stops it):\n${server.url}\n`)
  process.stderr.write(`App data: ${options.dataDir}\n`)
  if (options.open && !(await openInBrowser(server.url, options.dataDir))) {
    process.stderr.write('No browser could be opened here: open the address above yourself.\n')
  }
}

main().catch((error: unknown) => {
  const message = error instanceof LaunchOptionsError || error instanceof Error ? error.message : String(error)
  process.stderr.write(`The web shell could not start: ${message}\n`)
  process.exit(1)
})

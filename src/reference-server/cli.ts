// `npm run server -- --port N --seed demo ...`: runs a reference server until interrupted.
// The first stdout line is one JSON object ({baseUrl, tokens}) for scripts to read; notes
// for people go to stderr. It runs until stopped (see process-lifetime.ts).
import { parseCliArgs, USAGE } from './cli-args'
import { stopProcessOnShutdown } from './process-lifetime'
import { startReferenceServer } from './server'

async function main(): Promise<void> {
  let options
  try {
    options = parseCliArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`)
    process.exit(2)
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const server = await startReferenceServer(options)
  stopProcessOnShutdown(() => server.close())
  process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, tokens: server.tokens })}\n`)
  process.stderr.write(`Reference server listening on ${server.baseUrl} (Ctrl+C to stop)\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`Reference server failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})

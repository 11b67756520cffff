// What `npm start` and `npm run web` both do first: install the dependencies when
// node_modules is missing, then build what is missing or stale. A failed build ends the
// process with its message rather than a stack trace.
import { BuildFailedError, ensureBuilt } from './ensure-built.mjs'
import { ensureInstalled } from './ensure-installed.mjs'

export async function prepareApp() {
  await ensureInstalled()
  try {
    await ensureBuilt()
  } catch (error) {
    if (!(error instanceof BuildFailedError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
}

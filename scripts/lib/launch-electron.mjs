// Starts the desktop app's Electron binary and mirrors its exit. A binary that cannot be
// started at all (not executable, wrong architecture, broken) is reported to onSpawnError
// instead, so the caller can fall back to the web shell rather than crash.
import { spawn } from 'node:child_process'

/** onSpawnError(error) runs when the binary could not be started; otherwise the child's exit ends this process. */
export function launchElectron(binary, args, { cwd, env = process.env, onSpawnError }) {
  const child = spawn(binary, args, { cwd, env, stdio: 'inherit' })
  child.once('error', (error) => {
    if (child.pid === undefined) {
      onSpawnError(error)
    } else {
      process.stderr.write(`Electron stopped with an error: ${error.message}\n`)
      process.exit(1)
    }
  })
  child.once('spawn', () => {
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
  })
  return child
}

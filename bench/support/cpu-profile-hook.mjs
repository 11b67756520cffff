// Loaded with `node --import` (NODE_OPTIONS) into the web shell by window-open's
// BENCH_CORE_PROF=DIR: a V8 CPU profile of the whole process, written to
// DIR/core-<pid>.cpuprofile when it exits (Node refuses --cpu-prof in NODE_OPTIONS).
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { join } from 'node:path'
import process from 'node:process'

const dir = process.env.SITE_MANAGER_CPU_PROFILE_DIR
if (dir) {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  session.post('Profiler.setSamplingInterval', { interval: 200 })
  session.post('Profiler.start')
  let written = false
  const write = () => {
    if (written) return
    written = true
    // The same thread's session answers synchronously, so this runs before the process ends.
    session.post('Profiler.stop', (error, result) => {
      if (error) return
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, `core-${process.pid}.cpuprofile`), JSON.stringify(result.profile))
    })
  }
  process.on('exit', write)
  process.once('SIGTERM', () => {
    write()
    process.exit(0)
  })
}

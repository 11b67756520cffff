// `npm run bench`: every benchmark, each in a fresh node process of its own (so one's heap,
// JIT and servers do not colour the next), one after the other, going on when one fails: a
// failed benchmark prints a "not measured" line with its exit status instead of numbers.
// The benchmarks print their own figures and targets; nothing here passes or fails a build.
//   BENCH_RATE=1 npm run bench      also the rate-limited full read (over a minute)
//   npm run bench -- full-read      only the benchmarks whose file name contains one of the words
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { notMeasured } from './measure'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Bench {
  file: string
  /** Runs in a private D-Bus session with an unlocked keyring (the web shell keeps tokens there). */
  keyring?: boolean
}

const BENCHES: Bench[] = [
  { file: 'bench/server-page-cost.bench.ts' },
  { file: 'bench/full-read.bench.ts' },
  { file: 'bench/api-client.bench.ts' },
  { file: 'bench/workspace-store.bench.ts' },
  { file: 'bench/sites-query.bench.ts' },
  { file: 'bench/report.bench.ts' },
  { file: 'bench/history-growth.bench.ts' },
  { file: 'bench/health-cycle.bench.ts' },
  { file: 'bench/core-memory.bench.ts' },
  { file: 'bench/renderer-size.bench.ts' },
  { file: 'bench/window-open.bench.ts', keyring: true },
]

const only = process.argv.slice(2)
const chosen = BENCHES.filter((bench) => only.length === 0 || only.some((word) => bench.file.includes(word)))
let failed = 0
for (const bench of chosen) {
  const node = [process.execPath, '--expose-gc', '--import', 'tsx', bench.file]
  const useKeyring = bench.keyring && !process.env.DBUS_SESSION_BUS_ADDRESS && existsSync(`${ROOT}/scripts/lib/with-keyring.sh`)
  const [command, ...args] = useKeyring ? ['bash', 'scripts/lib/with-keyring.sh', ...node] : node
  // Core's health checks in every benchmark reach only loopback: the seeded sites have
  // real-looking names, and no benchmark may query DNS or connect off the machine.
  const result = spawnSync(command!, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SITE_MANAGER_LOOPBACK_ONLY: '1' } })
  if (result.status !== 0) {
    failed++
    notMeasured(`${bench.file}`, `it stopped with ${result.signal ?? `exit status ${result.status}`} (see above); its remaining figures are missing`)
  }
}
console.log(`\n${chosen.length} benchmarks run, ${failed} stopped early. Targets: bench/README.md`)

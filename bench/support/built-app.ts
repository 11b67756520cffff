// Whether a benchmark that drives the built web shell in Chromium can run: the build exists
// and is newer than the sources it comes from, Chromium is there, and a keychain session is
// (the shell keeps each account's token in it). Every reason it cannot, none when it can.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Newest modification time of any file under these folders. */
function newestMtime(dirs: string[]): number {
  let newest = 0
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else newest = Math.max(newest, statSync(path).mtimeMs)
    }
  }
  for (const dir of dirs) if (existsSync(dir)) walk(dir)
  return newest
}

export function missingForWebShellBench(root: string, chromium: string): string[] {
  const reasons: string[] = []
  const built = ['out/web/cli.js', 'out/web/bridge.js', 'out/renderer/index.html'].map((file) => join(root, file))
  if (!built.every((file) => existsSync(file))) {
    reasons.push('out/web or out/renderer is missing (npm run build)')
  } else {
    const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs))
    const sources = ['src/renderer', 'src/web', 'src/core', 'src/shared'].map((dir) => join(root, dir))
    // BENCH_ALLOW_STALE=1 measures the build as it is (others may be editing src/ meanwhile);
    // the run says so.
    if (newestMtime(sources) > builtAt) {
      if (process.env.BENCH_ALLOW_STALE === '1') console.log('  note: out/ is older than src/; measuring the build as it is (BENCH_ALLOW_STALE=1)')
      else reasons.push('out/ is older than src/ (npm run build, or BENCH_ALLOW_STALE=1 to measure the build as it is)')
    }
  }
  if (!existsSync(chromium)) reasons.push(`no Chromium at ${chromium} (apt: chromium)`)
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    reasons.push(
      'no keychain session for the accounts\' tokens (bench/run.ts starts one through scripts/lib/with-keyring.sh, which needs dbus-run-session and gnome-keyring-daemon, apt: dbus gnome-keyring)',
    )
  }
  return reasons
}

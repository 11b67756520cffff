// End-to-end tests: Debian's Chromium against the web shell (Electron cannot be launched on
// machines without a display or where its binary cannot be downloaded, as here). Each test starts its own web shell through the fixtures in
// test/e2e/support; the global setup builds out/ when it is stale.
import { defineConfig } from '@playwright/test'

// The shells these tests start check sites' health through the loopback-only network: the
// seeded sites have real-looking names, and no test may query DNS or connect off the machine
// (core/health/health-network.ts). Set here, every process the tests start inherits it.
process.env.SITE_MANAGER_LOOPBACK_ONLY = '1'

// Chromium refuses to start as root without --no-sandbox (CI runs as root).
const asRoot = process.getuid?.() === 0

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  // Two shared cores: one browser at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // The whole run ends here at the latest, still writing its report, so a hang is reported
  // as a failure before scripts/test-all.sh's own 25-minute limit has to kill it.
  globalTimeout: 23 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--disable-sync',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        ...(asRoot ? ['--no-sandbox'] : []),
      ],
    },
  },
})

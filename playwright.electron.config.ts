// The real desktop app under Playwright's Electron driver (`npm run test:electron`): one smoke
// test, test/electron/smoke.spec.ts. It runs wherever the Electron binary is installed and a
// display is available; elsewhere (as on the machines where Electron's release archives
// cannot be downloaded) it reports itself skipped with the reason. The web-shell end-to-end
// tests have their own config, playwright.config.ts.
import { defineConfig } from '@playwright/test'

// The shells these tests start check sites' health through the loopback-only network: the
// seeded sites have real-looking names, and no test may query DNS or connect off the machine
// (core/health/health-network.ts). Set here, every process the tests start inherits it.
process.env.SITE_MANAGER_LOOPBACK_ONLY = '1'

export default defineConfig({
  testDir: 'test/electron',
  outputDir: 'test-results/electron',
  // The same build step as the web-shell tests: builds out/ when stale, unless E2E_SKIP_BUILD=1.
  globalSetup: './test/e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
})

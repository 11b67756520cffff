// The e2e test fixtures: `import { test, expect } from './support/fixtures'` (adjust the path).
//
//   webShell          a fresh web shell process per test, throwaway data folder, stopped after
//   webShellLaunch    its options: test.use({ webShellLaunch: { demo: true, demoIntervalMs: 2000 } })
//   referenceServer   a fresh reference server per test (seed 'demo', 60 sites) on 127.0.0.1
//   openApp()         opens the web shell's address in the page (the token becomes a cookie)
//
// Test-scoped on purpose: every test starts from an empty app and a known server, so tests
// never depend on each other's accounts or data.
import { test as base, expect, type Page } from '@playwright/test'
import type { ReferenceServerOptions, RunningReferenceServer } from '../../../src/reference-server'
import { startReferenceServer } from '../../../src/reference-server'
import { type RunningWebShell, startWebShell, type WebShellLaunch } from './web-shell'

export interface AppFixtures {
  webShellLaunch: WebShellLaunch
  webShell: RunningWebShell
  referenceServerOptions: ReferenceServerOptions
  referenceServer: RunningReferenceServer
  openApp: () => Promise<Page>
}

export const test = base.extend<AppFixtures>({
  webShellLaunch: [{}, { option: true }],
  webShell: async ({ webShellLaunch }, use) => {
    const shell = await startWebShell(webShellLaunch)
    try {
      await use(shell)
    } finally {
      await shell.stop()
    }
  },
  referenceServerOptions: [{ port: 0, seed: 'demo', sites: 60 }, { option: true }],
  referenceServer: async ({ referenceServerOptions }, use) => {
    const server = await startReferenceServer(referenceServerOptions)
    try {
      await use(server)
    } finally {
      await server.close()
    }
  },
  openApp: async ({ page, webShell }, use) => {
    await use(async () => {
      await page.goto(webShell.url)
      return page
    })
  },
})

export { expect }

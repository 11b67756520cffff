// What one Refresh sends to the API, counted by the reference server itself (one
// Refresh sent GET /sites?page=1 twice; with the server down, 8 requests for /sites and 4 for
// /tags in 0.8 s).
import { expect, test } from './support/fixtures'
import { addFirstAccount } from './app/accounts-sites-helpers'
import type { RunningReferenceServer } from '../../src/reference-server'

test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 10 } })

const count = (log: readonly string[], line: string) => log.filter((entry) => entry === line).length

/** Waits until the server has heard nothing new for 400 ms. */
async function quiet(server: RunningReferenceServer): Promise<void> {
  let last = -1
  await expect
    .poll(
      () => {
        const now = server.requestLog().length
        const same = now === last
        last = now
        return same
      },
      { intervals: [400] },
    )
    .toBe(true)
}

test('one Refresh of a one-page account sends exactly one GET /sites?page=1', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  const refresh = page.getByRole('button', { name: 'Refresh sites' })
  await expect(refresh).toBeEnabled()
  // Let anything the first sync set going settle: the count below is for the Refresh alone.
  await quiet(referenceServer)
  const before = referenceServer.requestLog().length

  await refresh.click()
  await expect.poll(() => referenceServer.requestLog().length).toBeGreaterThan(before)
  await expect(refresh).toBeEnabled()
  await quiet(referenceServer)
  let sent = referenceServer.requestLog().slice(before)
  expect(count(sent, 'GET /api/v1/sites?page=1')).toBe(1)
  expect(count(sent, 'GET /api/v1/tags?page=1')).toBe(1)

  // The same from the keyboard, in the table and from the Refresh button.
  for (const press of [() => page.keyboard.press('Control+r'), () => refresh.press('Enter')]) {
    const from = referenceServer.requestLog().length
    await press()
    await expect.poll(() => referenceServer.requestLog().length).toBeGreaterThan(from)
    await quiet(referenceServer)
    sent = referenceServer.requestLog().slice(from)
    expect(count(sent, 'GET /api/v1/sites?page=1')).toBe(1)
  }
})

test('one Refresh with the API server failing makes 4 tries of /sites?page=1 and nothing else, then says so', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  const refresh = page.getByRole('button', { name: 'Refresh sites' })
  await expect(refresh).toBeEnabled()
  await quiet(referenceServer)
  // What a server behind a proxy answers while it is down.
  referenceServer.setFaults({ failureRate: 1, failureStatuses: [503] })
  const before = referenceServer.requestLog().length

  await refresh.click()
  // The failure is told where the person looks.
  await expect(page.getByText(/503/).first()).toBeVisible()
  await quiet(referenceServer)
  const sent = referenceServer.requestLog().slice(before)
  // 1 try and 3 retries (the client's retry policy) of the first request only: tags and events
  // wait for the server's first answer, and nothing tries again by itself afterwards.
  expect(sent).toEqual(Array.from({ length: 4 }, () => 'GET /api/v1/sites?page=1'))
})

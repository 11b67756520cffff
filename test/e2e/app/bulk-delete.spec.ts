// A bulk delete of a select-all, as a person does it through the web shell against the
// reference server: Ctrl+A selects every site of the scope, one site is left out, Delete…
// lists a page of them (not the whole list: core holds it), and the run deletes exactly those on
// the server. The page's socket is watched throughout: no frame it received carried more than a
// page of sites, and the selection went to core as "every matching row but one", not as a list.
import { expect, test } from '../support/fixtures'
import type { Page, WebSocket } from '@playwright/test'
import { addFirstAccount, apiSites, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 }, referenceServerOptions: { port: 0, seed: 'demo', sites: 240 } })

const countLine = (page: Page) => page.locator('.list-view-count')

/** Every frame the page's sockets sent and received, as text. */
function watchFrames(page: Page): { sent: string[]; received: string[] } {
  const frames = { sent: [] as string[], received: [] as string[] }
  page.on('websocket', (socket: WebSocket) => {
    socket.on('framesent', (frame) => void frames.sent.push(String(frame.payload)))
    socket.on('framereceived', (frame) => void frames.received.push(String(frame.payload)))
  })
  return frames
}

/** How many sites' addresses a frame carries. */
const addressesIn = (frame: string) => frame.split('"url":').length - 1

test('deletes every site of the scope but one, after Ctrl+A; the window only ever holds a page of them', async ({ page: tab, openApp, referenceServer }, testInfo) => {
  // Watched from the first frame: the socket opens with the page.
  const frames = watchFrames(tab)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  const all = await apiSites(referenceServer)
  await expect(countLine(page)).toHaveText(`${all.length} sites`)

  // Ctrl+A with the focus in the table: every site of the scope.
  await siteRows(page).first().getByRole('checkbox').focus()
  await page.keyboard.press('Control+a')
  await expect(countLine(page)).toHaveText(`${all.length} sites, ${all.length} selected`)
  // One left out of the select-all.
  const kept = siteRows(page).nth(1)
  const keptName = (await kept.getByRole('link').first().textContent())!.trim()
  await kept.getByRole('checkbox').uncheck()
  const toDelete = all.length - 1
  await expect(countLine(page)).toHaveText(`${all.length} sites, ${toDelete} selected`)

  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Delete…' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Delete ${toDelete} sites?` })
  await expect(confirm).toBeVisible()
  // A page of the list, and a way to see more: not the whole list.
  const items = confirm.getByRole('list', { name: 'Sites to delete' }).getByRole('listitem')
  await expect(items).toHaveCount(100)
  await expect(confirm.getByText(`Showing 100 of ${toDelete}`)).toBeVisible()
  await expect(confirm.getByText(keptName, { exact: true })).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Show more' }).click()
  await expect(items).toHaveCount(Math.min(200, toDelete))
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'bulk-delete-select-all')

  await confirm.getByRole('button', { name: `Delete ${toDelete} sites` }).click()
  const result = page.getByRole('alertdialog', { name: 'Sites deleted' })
  await expect(result).toBeVisible({ timeout: 60_000 })
  await expect(result.getByRole('status')).toHaveText(`Deleted ${toDelete} sites.`)
  await expect(result.getByRole('button', { name: 'Close' })).toBeFocused()
  await result.getByRole('button', { name: 'Close' }).click()
  await expect(result).toBeHidden()

  // On the server: exactly the one left out remains.
  const left = await apiSites(referenceServer)
  expect(left.map((s) => s.name)).toEqual([keptName])
  await expect(countLine(page)).toHaveText('1 site')
  await expect(siteRows(page)).toHaveCount(1)

  // The selection went to core as a query and one exception, never as a list of sites...
  const prepare = frames.sent.find((frame) => frame.includes('bulk:deletePrepare'))!
  expect(prepare).toBeDefined()
  expect(prepare).toContain('"except":[')
  expect(prepare).not.toContain('"keys"')
  expect(prepare.length).toBeLessThan(2_000)
  // ...and no answer or push carried more than a page of sites.
  expect(frames.received.length).toBeGreaterThan(0)
  expect(Math.max(...frames.received.map(addressesIn))).toBeLessThanOrEqual(200)
})

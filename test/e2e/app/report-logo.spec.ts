// A report template's logo, as a person adds it in the web shell: a PNG chosen through the file
// input shows in the dialog and then on the report's cover, and is still there after a reload
// (core keeps it in the data folder); a file that is not an image, or one too large, is refused
// with a sentence saying why, next to the field, and the logo kept stays as it was.
import { deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { addFirstAccount } from './accounts-sites-helpers'
import { apiSites, apiTags } from './tags-events-helpers'

test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 12 }, timezoneId: 'UTC' })

const LOGO_LABEL = 'Logo (PNG, JPEG or SVG, up to 512 KB)'

/** CRC-32 of PNG chunks (ISO 3309), as the format asks. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real PNG of `width` x `height` teal pixels, made here so the test owns its file. */
function png(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8 bits, RGB, deflate, no filter method, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [0x0f, 0x5f, 0x4f]).flat())])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))])
}

/** The cover's logo in the preview: its address and its decoded width (0: not an image that drew). */
async function coverLogo(page: Page): Promise<{ src: string; width: number }> {
  const logo = page.getByRole('region', { name: 'Preview' }).locator('img.report-logo')
  await expect(logo).toBeVisible()
  await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0)
  return { src: (await logo.getAttribute('src'))!, width: await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth) }
}

test('a PNG logo chosen for a template shows in the preview and stays after a reload; a non-image or too large file is refused with the reason', async ({ page, openApp, referenceServer }) => {
  test.setTimeout(120_000)
  await openApp()
  await addFirstAccount(page, referenceServer)
  const tags = await apiTags(referenceServer)
  const sites = await apiSites(referenceServer)
  const count = (tagId: number) => sites.filter((s) => s.tags.some((t) => t.id === tagId)).length
  const tag = [...tags].sort((a, b) => count(b.id) - count(a.id))[0]!
  const chooseTag = () => page.getByRole('checkbox', { name: `${tag.name} ${count(tag.id)} sites`, exact: true }).check()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await page.getByRole('button', { name: 'New template' }).click()
  const dialog = page.getByRole('dialog', { name: 'New report template' })
  await dialog.getByLabel('Agency name').fill('Northwind Web Care')
  await dialog.getByLabel('Accent colour', { exact: true }).fill('#0f5f4f')

  // The PNG, chosen as a person does: shown in the dialog as it will print.
  await dialog.getByLabel(LOGO_LABEL).setInputFiles({ name: 'northwind.png', mimeType: 'image/png', buffer: png(8, 4) })
  await expect(dialog.getByRole('img', { name: 'The logo as it will print' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Save template' }).click()
  await expect(dialog).toBeHidden()

  await chooseTag()
  const shown = await coverLogo(page)
  expect(shown.src).toMatch(/^data:image\/png;base64,/)
  expect(shown.width).toBe(8)

  // Kept by core: after a reload the template, and so the cover, still has it.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await chooseTag()
  expect(await coverLogo(page)).toEqual(shown)

  // A file that is not an image, whatever its name says: core reads its bytes and says why.
  await page.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit report template' })
  await expect(edit.getByRole('img', { name: 'The logo as it will print' })).toBeVisible()
  await edit.getByLabel(LOGO_LABEL).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('This is a text file, not a picture.\n') })
  await edit.getByRole('button', { name: 'Save template' }).click()
  await expect(edit.getByText('The logo is not a PNG, JPEG or SVG image. Choose one of those.')).toBeVisible()
  await expect(edit.getByLabel(LOGO_LABEL)).toHaveAttribute('aria-invalid', 'true')
  await expect(edit).toBeVisible()

  // Too large: refused as it is chosen, before anything is sent.
  const large = Buffer.concat([png(8, 4), Buffer.alloc(512 * 1024)])
  await edit.getByLabel(LOGO_LABEL).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: large })
  await expect(edit.getByText('huge.png is larger than 512 KB. Choose a smaller image.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()

  // Neither refused file replaced the logo kept.
  expect(await coverLogo(page)).toEqual(shown)
})

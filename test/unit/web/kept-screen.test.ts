// The kept screen over real loopback HTTP and sockets: a page sends its settled screen, and the
// next page the shell serves carries it over the app's empty root (inert, hidden), with the
// theme it was painted in and the stylesheets it styles with; a screen that could load or run
// anything, or that needs a stylesheet the build no longer has, is never written into a page;
// the screen survives a restart of the shell in its file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { encodeKeepScreen, parseKeptScreen, routeOfHash, type KeptScreen } from '../../../src/web/protocol'
import { KeptScreens } from '../../../src/web/kept-screen'
import { withKeptScreen } from '../../../src/web/kept-screen-page'
import { itemKeys, parseStyleItems } from '../../../src/web/style-selectors'
import { type Harness, nextMessage, openSocket, recordingLogger, startHarness } from './web-shell-harness'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kept-screen-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A string as a regular expression matching it exactly. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

let shells: Harness[] = []
afterEach(async () => {
  for (const shell of shells) await shell.close()
  shells = []
})

async function shell(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  const started = await startHarness(options)
  shells.push(started)
  return started
}

function getPage(harness: Harness): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: harness.server.port, path: '/', headers: { Cookie: harness.cookie } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve(body))
    })
    req.on('error', reject)
    req.end()
  })
}

const SCREEN: KeptScreen = {
  html: '<div class="shell"><table><tbody><tr class="site-row" data-v-5a1b2c3d=""><td class="cell-name">Bakery &lt;Main&gt;</td></tr></tbody></table></div>',
  theme: 'dark',
  // The page had the dialog's styles too (it had opened once): the picture holds no dialog.
  stylesheets: ['./assets/index-abc.css', './assets/SitesView-abc.css', './assets/AddSiteDialog-abc.css'],
  route: '/sites',
}

/** Sends a screen to keep, then a call: its answer shows the socket still open and the frame handled. */
async function sendScreen(harness: Harness, frame: string): Promise<void> {
  const socket = await openSocket(harness)
  socket.send(frame)
  socket.send(JSON.stringify({ id: 1, channel: 'app:info' }))
  expect((await nextMessage(socket)).id).toBe(1)
  socket.close()
}

describe('the kept screen', () => {
  it('is painted into the next page over the app’s empty root, with its theme, the rules it uses inline and only the stylesheets it styles with', async () => {
    const harness = await shell()
    expect(await getPage(harness)).toContain('<div id="app"></div>')
    await sendScreen(harness, encodeKeepScreen(SCREEN))

    const page = await getPage(harness)
    expect(page).toMatch(new RegExp(`<div id="kept-screen" inert aria-hidden="true" data-kept-route="/sites" style="[^"]*position:fixed[^"]*">${escape(SCREEN.html)}</div><div id="app"></div>`))
    expect(page).toContain('<html data-theme="dark" style="color-scheme: dark">')
    // The rules of both stylesheets the picture uses, in a <style> ahead of every stylesheet link.
    expect(page).toContain('<style id="kept-screen-styles">body{ margin: 0 }.site-row[data-v-5a1b2c3d]{ color: red }</style><link rel="preload" as="style" crossorigin href="./assets/index-abc.css">')
    // Each of them print-only (it holds back neither the first paint nor the scripts) with a
    // preload: the page's own in its place, the view's own before </head>; neither twice.
    const deferred = (href: string) => `<link rel="preload" as="style" crossorigin href="${href}"><link rel="stylesheet" crossorigin href="${href}" media="print" data-kept-media>`
    expect(page).toContain(deferred('./assets/index-abc.css'))
    expect(page).toContain(`${deferred('./assets/SitesView-abc.css')}</head>`)
    expect(page.split('href="./assets/index-abc.css"')).toHaveLength(3)
    expect(page.split('href="./assets/SitesView-abc.css"')).toHaveLength(3)
    // The dialog's, which styles nothing in the picture, not at all (the app links it when it
    // shows the dialog), though it names a class the picture has: under its own mark.
    expect(page).not.toContain('AddSiteDialog-abc.css')
    expect(page).not.toContain('color: blue')
  })

  it('is not written into a page once a stylesheet it needs has left the build', async () => {
    const harness = await shell()
    await sendScreen(harness, encodeKeepScreen({ ...SCREEN, stylesheets: ['./assets/index-old.css'] }))
    const page = await getPage(harness)
    expect(page).toContain('<div id="app"></div>')
    expect(page).not.toContain('Bakery')
  })

  it('drops a screen holding an element that could load or run something, and keeps the socket', async () => {
    const logger = recordingLogger()
    const harness = await shell({ logger })
    await sendScreen(harness, encodeKeepScreen({ ...SCREEN, html: '<div><script src="/x.js"></script></div>' }))
    expect(await getPage(harness)).toContain('<div id="app"></div>')
    expect(logger.lines.map((line) => line.message)).toContain('A page sent a screen to keep that cannot be kept; it was dropped')
  })

  it('survives a restart in its file, and a file that is not one is set aside with a line in the log', async () => {
    const file = join(dir, 'restart-screen.json')
    const first = await shell({ firstScreenFile: file })
    await sendScreen(first, encodeKeepScreen(SCREEN))
    // Written on close at the latest, without waiting for its delay.
    await first.close()
    shells = shells.filter((s) => s !== first)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(SCREEN)

    const second = await shell({ firstScreenFile: file })
    expect(await getPage(second)).toContain(SCREEN.html)

    await writeFile(file, '{"html": 3}')
    const logger = recordingLogger()
    const third = await shell({ firstScreenFile: file, logger })
    expect(await getPage(third)).toContain('<div id="app"></div>')
    expect(logger.lines.map((line) => line.message)).toContain("The window's kept screen could not be read; the next page opens without it")
  })

  it('writes a screen once after it settles, however often it changes meanwhile', async () => {
    const file = join(dir, 'settle-screen.json')
    const screens = new KeptScreens({ file, writeDelayMs: 30 })
    screens.keep(SCREEN)
    screens.keep({ ...SCREEN, theme: 'light' })
    await expect.poll(async () => JSON.parse(await readFile(file, 'utf8').catch(() => 'null')), { interval: 20 }).toEqual({ ...SCREEN, theme: 'light' })
    await screens.flush()
  })
})

describe('what a kept screen may be', () => {
  it('refuses markup that could load, run or redirect, and stylesheets or views that are not the app’s', () => {
    expect(parseKeptScreen(SCREEN)).toEqual(SCREEN)
    const refused = ['script', 'iframe', 'object', 'embed', 'meta', 'base', 'link', 'style', 'template', 'frame', 'portal', 'SCRIPT', ' script']
    // Read raw by the parser to their end tag or the page's end: they would swallow the primed answers and scripts.
    refused.push('xmp', 'noembed', 'noframes', 'noscript', 'plaintext', 'title', '!--', '!DOCTYPE html', '?xml')
    for (const element of refused) {
      expect(parseKeptScreen({ ...SCREEN, html: `<div><${element} src="x"></div>` }), element).toBeNull()
    }
    for (const href of ['https://elsewhere.test/a.css', '../secret.css', './assets/../x.css', './assets/a.js', '/etc/passwd', '/assets/a.css', 'assets/a.css']) {
      expect(parseKeptScreen({ ...SCREEN, stylesheets: [href] }), href).toBeNull()
    }
    expect(parseKeptScreen({ ...SCREEN, stylesheets: [] })).toBeNull()
    expect(parseKeptScreen({ ...SCREEN, route: '/sites" onload="x' })).toBeNull()
    expect(parseKeptScreen({ ...SCREEN, theme: 'sepia' })).toBeNull()
    expect(parseKeptScreen({ ...SCREEN, html: '' })).toBeNull()
    expect(parseKeptScreen({ ...SCREEN, html: 'x'.repeat(400 * 1024 + 1) })).toBeNull()
    expect(parseKeptScreen({ ...SCREEN, stylesheets: [3] })).toBeNull()
    expect(parseKeptScreen(null)).toBeNull()
  })

  it('names a view by the address’s hash up to its query', () => {
    expect(routeOfHash('#/sites?q=bakery&sort=name')).toBe('/sites')
    expect(routeOfHash('#/sites/a1/42')).toBe('/sites/a1/42')
    expect(routeOfHash('')).toBe('')
    expect(routeOfHash('#/"><b>')).toBe('')
  })

  it('links the stylesheets for the screen, as the page had them, when a rule would not mean in the page what it meant in its sheet', () => {
    for (const css of ['.shell:before{content:"</style><b>"}', '.shell{background:url(./grain.png)}', '@import "./more.css";.shell{color:red}', '@layer base{.shell{color:red}}']) {
      const sheet = parseStyleItems(css)
      const page = withKeptScreen('<html><head><link rel="stylesheet" crossorigin href="./assets/index-abc.css"></head><body><div id="app"></div></body></html>', { ...SCREEN, stylesheets: ['./assets/index-abc.css'] }, () => ({ items: sheet, keys: itemKeys(sheet) }))
      expect(page, css).toContain('<head><link rel="stylesheet" crossorigin href="./assets/index-abc.css"></head>')
      expect(page, css).not.toContain('<style')
      expect(page, css).toContain('id="kept-screen"')
    }
  })

  it('works on the page’s own links only, never on markup in the picture that looks like one', () => {
    const sheet = parseStyleItems('.shell{display:grid}')
    const picture = { ...SCREEN, html: '<div class="shell"><a data-x=\'<link href="./assets/index-abc.css">\'>x</a></div>', stylesheets: ['./assets/index-abc.css'] }
    // A view's own stylesheet the page does not link: it is linked in the head, the picture left as it is.
    const page = withKeptScreen('<html><head></head><body><div id="app"></div></body></html>', picture, () => ({ items: sheet, keys: itemKeys(sheet) }))
    expect(page).toContain('<link rel="stylesheet" crossorigin href="./assets/index-abc.css" media="print" data-kept-media></head>')
    expect(page).toContain(picture.html)
  })

  it('leaves a page without an empty root as it is', () => {
    const anySheet = () => ({ items: [], keys: [[]] })
    expect(withKeptScreen('<html><body><main></main></body></html>', SCREEN, anySheet)).toBe('<html><body><main></main></body></html>')
    expect(withKeptScreen('<html><head></head><body><div id="app"></div></body></html>', { ...SCREEN, theme: null }, anySheet)).not.toContain('data-theme')
  })
})

// What the browser alone costs before the app's code can matter: the window-open benchmark opens,
// beside each of the app's cold opens, two pages that run nothing, in cold contexts of the same
// browser, and times their first paint from navigation start:
//
// - the kept screen alone: the very page the web shell served (its picture of the last view,
//   its stylesheet), saved once the app had opened, with every script taken out (the bridge, the
//   app's module, the primed answers' data block), served by a loopback server of the
//   benchmark's own with the shell's stylesheets;
// - a page of one line of text.
//
// The first is what this browser on this machine takes to show that picture with no app at all
// (the app's own first rows are that picture: the two come out alike, within the runs' spread);
// the second what any page takes. Both are printed beside the app's figures, in the same run (no
// target of their own).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from '@playwright/test'
import type { PageGlobals } from './page-probe'

/** A page with no script of its own: its markup and stylesheets stay, every <script> element goes. */
export function withoutScripts(html: string): string {
  // The shell's own page (index.html and what the shell writes into it): no script holds "</script>" in its text.
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '')
}

/** The stylesheets a page links, as the paths they name. */
export function stylesheetPaths(html: string): string[] {
  const paths: string[] = []
  for (const [link] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet/i.test(link)) continue
    const href = /\bhref=["']?([^"' >]+)/i.exec(link)?.[1]
    if (href) paths.push(new URL(href, 'http://page/').pathname)
  }
  return paths
}

export const ONE_LINE_PAGE = '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Site Manager</title></head><body><p>Site Manager</p></body></html>'

export interface FloorPages {
  /** The kept screen alone (withoutScripts of the page the shell served). */
  pictureUrl: string
  oneLineUrl: string
  close(): Promise<void>
}

/**
 * Serves the picture page and the one-line page, and the stylesheets the picture links, read
 * once from the web shell (`fetchFromShell(path)`, the shell's own files as it serves them).
 */
export async function serveFloorPages(pageHtml: string, fetchFromShell: (path: string) => Promise<Buffer>): Promise<FloorPages> {
  const picture = withoutScripts(pageHtml)
  const styles = new Map<string, Buffer>()
  for (const path of stylesheetPaths(picture)) styles.set(path, await fetchFromShell(path))
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page/').pathname
    const style = styles.get(path)
    const [type, body] =
      path === '/picture' ? ['text/html; charset=utf-8', picture] : path === '/one-line' ? ['text/html; charset=utf-8', ONE_LINE_PAGE] : style ? ['text/css', style] : [null, null]
    if (type === null) {
      res.writeHead(404).end()
      return
    }
    // As the shell answers: nothing kept, so every cold context fetches it again.
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body)
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  // The picture's stylesheets are named relative to the page ("./assets/…"): a page at /picture finds them at /assets/….
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    pictureUrl: `${origin}/picture`,
    oneLineUrl: `${origin}/one-line`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}

/** A cold context's first contentful paint of the page at `url`, from navigation start (the time its frame was shown); null when none came. */
export async function firstPaintCold(browser: Browser, url: string): Promise<number | null> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url)
    // Run in the page (bench/ compiles without the DOM library: the probe's page globals type the observer).
    return await page.evaluate(
      () =>
        new Promise<number | null>((resolve) => {
          const timer = setTimeout(() => resolve(null), 5_000)
          const Observer = (globalThis as unknown as PageGlobals).PerformanceObserver
          new Observer((list) => {
            const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint')
            if (entry) {
              clearTimeout(timer)
              resolve(entry.startTime)
            }
          }).observe({ type: 'paint', buffered: true })
        }),
    )
  } finally {
    await context.close()
  }
}

// Light and dark: screenshots of both as test artifacts, and proof that the dark one really
// is dark. With its theme setting on System (the default) the app follows the system's colour
// scheme (prefers-color-scheme), which the page emulates here; the colour the main region is
// painted with must follow it. `expectPainted` checks the theme a person picked in the app.
import { expect, type Page } from '@playwright/test'

type Scheme = 'light' | 'dark'

/** WCAG relative luminance bounds: #18191c is about 0.01, #f7f7f8 about 0.93. */
const DARK_BELOW = 0.15
const LIGHT_ABOVE = 0.6

/**
 * The colour the main region is painted with: the first <main> (the content region, or the
 * welcome screen), else the body; where it is transparent, what shows through from its
 * ancestors. As the browser computes it: "rgb(r, g, b)" or "rgba(r, g, b, a)".
 */
function mainBackground(page: Page): Promise<string> {
  return page.evaluate(() => {
    // The few DOM names this needs: the node code's TypeScript settings have no DOM library.
    interface Node {
      parentElement: Node | null
    }
    const browser = globalThis as unknown as {
      document: { querySelector(selector: string): Node | null; body: Node }
      getComputedStyle(element: Node): { backgroundColor: string }
    }
    let element: Node | null = browser.document.querySelector('main') ?? browser.document.body
    while (element) {
      const colour = browser.getComputedStyle(element).backgroundColor
      if (colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour)) return colour
      element = element.parentElement
    }
    return 'rgb(255, 255, 255)' // the canvas behind a page that paints nothing
  })
}

export function luminance(colour: string): number {
  const match = /^rgba?\((\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?),\s*(\d+(?:\.\d+)?)/.exec(colour)
  if (!match) throw new Error(`Not a colour this check can read: ${colour}`)
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => {
    const c = Number(part) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Waits until the main region is painted light or dark (whatever made it so). */
export async function expectPainted(page: Page, scheme: Scheme): Promise<void> {
  const background = expect.poll(async () => luminance(await mainBackground(page)), {
    message: `the main region's background is ${scheme} (relative luminance)`,
  })
  if (scheme === 'dark') await background.toBeLessThan(DARK_BELOW)
  else await background.toBeGreaterThan(LIGHT_ABOVE)
}

async function showScheme(page: Page, scheme: Scheme): Promise<string> {
  await page.emulateMedia({ colorScheme: scheme })
  await expectPainted(page, scheme)
  return mainBackground(page)
}

/**
 * Saves `<name>-light.png` and `<name>-dark.png` of what is on screen, and fails unless the
 * main region's background is light in the one, dark in the other, and so differs. Leaves
 * the page in the light scheme.
 */
export async function screenshotBothThemes(page: Page, path: (file: string) => string, name: string): Promise<void> {
  // Colour transitions would otherwise be caught half way between the themes; the style is
  // taken out again so the rest of the test sees the app as it is.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' })
  try {
    const light = await showScheme(page, 'light')
    await page.screenshot({ path: path(`${name}-light.png`) })
    const dark = await showScheme(page, 'dark')
    await page.screenshot({ path: path(`${name}-dark.png`) })
    expect(dark, 'the dark theme paints the main region in another colour').not.toBe(light)
    await showScheme(page, 'light')
  } finally {
    await still.evaluate((element) => element.remove())
  }
}

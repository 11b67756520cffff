// The rules of a stylesheet that can style a kept screen's markup, as text the shell writes into
// the page as a <style>: the browser paints the picture with them at once, instead of waiting
// for the stylesheets it links to arrive (a linked stylesheet in the head holds back the page's
// first paint until it has loaded). The full stylesheets are linked print-only meanwhile
// (kept-screen-page.ts).
//
// The rules are kept whole and in their order, with the @media, @supports… blocks around them:
// a subsequence of the stylesheet, written ahead of it. Once the full stylesheet applies, every
// element is styled as by the full stylesheet alone. Which rules can match comes from their selectors'
// required names (style-selectors.ts).
import { stylesAny, type StyleItem } from './style-selectors'

/** The text of the items that can style something in `present` (markupKeys of the picture). */
export function pictureRules(items: readonly StyleItem[], present: ReadonlySet<string>): string {
  let text = ''
  for (const item of items) {
    if (item.kind === 'other') text += item.text
    else if (item.kind === 'rule') {
      if (stylesAny(item.keys, present)) text += item.text
    } else {
      const inner = pictureRules(item.items, present)
      if (inner !== '') text += `${item.prelude}{${inner}}`
    }
  }
  return text
}


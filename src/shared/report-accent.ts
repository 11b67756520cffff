// A report's accent colour is printed as text and rules on the white page and as the cover's
// band behind white text, so it must keep WCAG AA's 4.5:1 against white. Both the template
// form (to say so while typing) and core (to refuse saving) check it here.

const HEX = /^#[0-9a-f]{6}$/i

/** WCAG 2.2 relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (at: number): number => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** The accent's contrast ratio against white; null when it is not #rrggbb. */
export function accentContrast(accent: string): number | null {
  if (!HEX.test(accent)) return null
  return 1.05 / (luminance(accent) + 0.05)
}

export const ACCENT_MIN_CONTRAST = 4.5

/** A sentence saying why the accent cannot be used; null when it can. */
export function accentProblem(accent: string): string | null {
  const ratio = accentContrast(accent)
  if (ratio === null) return 'The accent colour must be written as #rrggbb.'
  if (ratio < ACCENT_MIN_CONTRAST) {
    return `The accent colour has a contrast of ${ratio.toFixed(2)}:1 against the white page; text needs at least ${ACCENT_MIN_CONTRAST}:1. Choose a darker colour.`
  }
  return null
}

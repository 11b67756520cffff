// Checks the renderer can make before sending anything; core validates again.

/** True for an absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim())
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

export function required(value: string, label: string): string | null {
  return value.trim() === '' ? `${label} is required.` : null
}

export function httpUrl(value: string, label: string): string | null {
  if (value.trim() === '') return null
  return isHttpUrl(value) ? null : `${label} must be a full address starting with http:// or https://.`
}

/** A host name as typed: labels of letters, digits and hyphens, joined by dots (a port may follow). */
const HOST = /^(?!-)[\p{L}\p{N}-]+(?<!-)(\.(?!-)[\p{L}\p{N}-]+(?<!-))*\.?(:\d{1,5})?$/u

/**
 * "https://harbor-hardware" for "harbor-hardware" (or "harbor-hardware.com/shop" with its
 * path): the address meant by a host typed without its scheme. Null when the value has a
 * scheme, is empty, or is not a host.
 */
export function suggestHttps(value: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) || /\s/.test(trimmed)) return null
  const host = trimmed.split(/[/?#]/)[0] ?? ''
  if (!HOST.test(host)) return null
  const suggestion = `https://${trimmed}`
  return isHttpUrl(suggestion) ? suggestion : null
}

export function maxLength(value: string, max: number, label: string): string | null {
  // Counted as the server counts: characters, not UTF-16 units.
  const length = [...value].length
  return length > max ? `${label} must be at most ${max} characters (it has ${length}).` : null
}

/** A whole, non-negative number written in digits. */
export function wholeNumber(value: string, label: string): string | null {
  if (value.trim() === '') return null
  return /^\d+$/.test(value.trim()) ? null : `${label} must be a whole number.`
}

/** A whole number from 1 written in digits (an id: 0 is no id), or nothing. */
export function positiveWholeNumber(value: string, label: string): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed)) || Number(trimmed) < 1) {
    return `${label} must be a whole number from 1.`
  }
  return null
}

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

/** A whole, non-negative number written in digits. */
export function wholeNumber(value: string, label: string): string | null {
  if (value.trim() === '') return null
  return /^\d+$/.test(value.trim()) ? null : `${label} must be a whole number.`
}

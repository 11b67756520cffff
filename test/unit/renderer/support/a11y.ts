// What assistive technology reads for a field besides its name: the description its
// aria-describedby points at (the hint, or the error while the field is invalid).

/** The text of the elements a control's aria-describedby names, as the browser joins them. */
export function descriptionOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? []
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
}

/** The error a field announces: its description while it is marked invalid, else ''. */
export function errorOf(element: Element): string {
  return element.getAttribute('aria-invalid') === 'true' ? descriptionOf(element) : ''
}

// Where the Sites table's rows are in the page: its body has one listener for every row (no
// component or listener per row), so each handler finds the row an event came from by its
// element, whose data-key and data-index name it.

/** The row element an event's target is in, or null outside the rows. */
export function rowElementOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('tr.site-row') : null
}

/** The name link of the row shown at an index of the view (what takes a row's focus), if shown. */
export function nameLinkAt(scroller: HTMLElement | null, index: number): HTMLElement | null {
  return scroller?.querySelector<HTMLElement>(`tr.site-row[data-index="${index}"] .name-link`) ?? null
}

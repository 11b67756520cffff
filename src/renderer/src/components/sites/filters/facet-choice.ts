/** A choice shown above a filter menu's values, one option of which is always chosen (Tags: any or all of the ticked tags). */
export interface FacetChoice {
  label: string
  options: ReadonlyArray<{ value: string; label: string }>
}

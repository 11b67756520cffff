// The one check of a typed numeric setting (sync interval, history retention, the health
// checks' numbers): a whole number within its bounds, its problem said in words a person can
// act on. Core checks every value again; this only words the problem before a round trip.

export interface WholeNumberRule {
  readonly min: number
  readonly max: number
  /** The unit in the plural, as the messages say it: "minutes", "days". */
  readonly unit: string
  /** A typical value, shown in the message for text that is not a whole number. */
  readonly example: number
  /** What an empty field is told; by default "Enter a number of <unit>." */
  readonly empty?: string
  /** The bounds in words; by default "<min> to <max>". */
  readonly range?: string
}

/** The problem with the typed text, or null when it is a whole number within the rule's bounds. */
export function wholeNumberProblem(text: string, rule: WholeNumberRule): string | null {
  const value = text.trim()
  if (value === '') return rule.empty ?? `Enter a number of ${rule.unit}.`
  if (!/^\d+$/.test(value)) return `Enter a whole number of ${rule.unit}, like ${rule.example}.`
  const n = Number(value)
  if (n < rule.min || n > rule.max) return `Enter a number of ${rule.unit} from ${rule.range ?? `${rule.min} to ${rule.max}`}.`
  return null
}

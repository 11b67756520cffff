// Electronegativity's findings against the checked-in list of accepted ones
// (security/electronegativity-accepted.json), for scripts/electronegativity.mjs.
//
// An accepted entry names the check, the file (relative to out/) and a piece of the flagged
// code (`match`: text on the flagged line, or in the finding's sample, such as a CSP), and
// says why the finding is accepted. Matching by code rather than line number keeps an entry
// valid when the bundle moves around it, and stops it covering a new finding elsewhere.

/** Problems with the accepted list itself (each a sentence); empty when it is usable. */
export function checkAcceptedList(list) {
  if (!Array.isArray(list)) return ['The accepted list must be a JSON array of entries.']
  const problems = []
  list.forEach((entry, index) => {
    const where = `Entry ${index + 1}`
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      problems.push(`${where} is not an object.`)
      return
    }
    for (const field of ['check', 'file', 'match', 'why']) {
      if (typeof entry[field] !== 'string' || entry[field].trim() === '') {
        problems.push(`${where} has no "${field}" (a non-empty string).`)
      }
    }
    if (typeof entry.why === 'string' && entry.why.trim().length > 0 && entry.why.trim().length < 40) {
      problems.push(`${where} (${entry.check}) does not say why in a full sentence.`)
    }
  })
  return problems
}

/** Whether an accepted entry covers a finding. */
export function covers(entry, finding) {
  if (entry.check !== finding.check || entry.file !== finding.file) return false
  return (finding.lineText ?? '').includes(entry.match) || (finding.sample ?? '').includes(entry.match)
}

/**
 * Sorts findings into accepted (with the entry that covers each) and unexpected, and lists the
 * entries that covered nothing (fixed since: the entry can go).
 */
export function compareFindings(findings, accepted) {
  const used = new Set()
  const result = { accepted: [], unexpected: [], unused: [] }
  for (const finding of findings) {
    const entry = accepted.find((candidate) => covers(candidate, finding))
    if (entry) {
      used.add(entry)
      result.accepted.push({ finding, entry })
    } else {
      result.unexpected.push(finding)
    }
  }
  result.unused = accepted.filter((entry) => !used.has(entry))
  return result
}

/** One line for a finding: check, place, severity and the flagged code. */
export function describeFinding(finding) {
  const code = (finding.lineText ?? '').trim().slice(0, 100)
  return `${finding.check} at ${finding.file}:${finding.line}:${finding.column} (${finding.severity}, ${finding.confidence})${code ? `: ${code}` : ''}`
}

// Cells of the CSV files shopapi writes (an import's rejects file) and how the import reads them back.
//
// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and, in some, with a tab or a
// carriage return before one) as a formula: `=HYPERLINK(...)` or `=cmd|' /C calc'!A0` in a customer's
// name must not run when the operator opens the rejects file. The OWASP convention neutralises such a
// cell with a leading single quote, which spreadsheets show as text. The import removes exactly that
// quote again, so a rejects file fixed in place imports the original values: `-12.5` and `+1 555 0100`
// are written `'-12.5` and `'+1 555 0100` and read back as `-12.5` and `+1 555 0100`. A value that
// itself starts with quotes before such a character (`'=x`) gets one more (`''=x`), so every value
// survives the round trip exactly.

const formulaStart = /^'*[=+\-@\t\r]/
const neutralised = /^'+[=+\-@\t\r]/

/** The cell as written to a CSV a spreadsheet may open: a leading `'` when it could run. */
export function neutraliseFormula(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value
}

/** A cell as read from CSV: the `'` that `neutraliseFormula` added is removed. */
export function restoreFormula(value: string): string {
  return neutralised.test(value) ? value.slice(1) : value
}

/** A cell as CSV writes it: neutralised, then quoted when it holds a delimiter, a quote, a line break or outer spaces. */
export function csvCell(value: string): string {
  const cell = neutraliseFormula(value)
  return /[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

/**
 * Issue 37 item 7, OWASP's "CSV injection" rule: a spreadsheet program runs a cell that starts with `=`, `+`,
 * `-` or `@` as a formula (and some programs drop a leading tab or carriage return first), so a value such
 * as `=HYPERLINK(…)` or `+cmd|…` typed into a manifest could run on the computer of whoever later opens a file
 * the portal writes. The one rule for both directions lives here: the manifest refuses such a cell on upload
 * (the browser's check and the server's, through checkManifest), and every file the portal writes escapes it.
 *
 * Choices, beyond OWASP's list:
 * - The cell is judged as written and after leading white space is trimmed, so ` =HYPERLINK(…)` and a tab
 *   before `=` are caught although the manifest's rules read cells trimmed. A cell of white space alone is
 *   blank, not a formula.
 * - The full-width signs ＝ ＋ － ＠ count too: spreadsheet programs in East Asian locales turn them into
 *   formulas as they are typed or imported, and no manifest value starts with one.
 * - A plain number (`-5`, `+1.5`, `-2E-3`) is not a formula: every spreadsheet program reads it as a number
 *   (an .xlsx number cell reaches the rules as exactly such text), so it is neither refused nor escaped, and
 *   the column's own rule judges it (Concentration and Volume must be above 0). No manifest column takes a
 *   phone number or other text that could start with a sign, so OWASP's rule costs a user nothing there.
 */

/** The signs that start a formula, ASCII and full-width (U+FF1D, U+FF0B, U+FF0D, U+FF20). */
const FORMULA_SIGN = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A tab or carriage return at the start, after nothing but white space (which a reader may trim away). */
const CONTROL_START = /^\s*[\t\r]/;
/** A number as a spreadsheet reads one, sign and exponent included. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** True when a spreadsheet program could run the cell as a formula (see the rule above). */
export function isFormulaLike(text: string): boolean {
  const bare = text.trim();
  // White space alone holds nothing to run, and an empty-looking cell the user cannot see is no error to show.
  if (bare === '') return false;
  if (CONTROL_START.test(text)) return true;
  return FORMULA_SIGN.test(bare) && !PLAIN_NUMBER.test(bare);
}

/**
 * The cell as a file the portal writes holds it: OWASP's leading apostrophe, which shows the text as typed
 * instead of running it. Every other cell is written unchanged.
 */
export function escapeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

/** One CSV field: escaped as above, then quoted with its quotes doubled (RFC 4180). */
export function csvField(text: string): string {
  return `"${escapeFormula(text).replace(/"/g, '""')}"`;
}

/** The spreadsheet's letters of a 0-based column index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

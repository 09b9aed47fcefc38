// Text that reaches an operator's terminal may come from integrations (endpoint urls and descriptions,
// receivers' response bodies, customer names): a control character in it could move the cursor,
// rewrite the window title or hide lines. Every human-readable line goes through here; --json output
// never does (JSON.stringify already escapes what JSON must, and scripts need the exact string).

// C0 controls, DEL, C1 controls, and the Unicode bidi embeddings, overrides and isolates that can make
// text read differently than it is stored ("Trojan Source", CVE-2021-42574).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeInText = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const unsafeInCell = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

// The same spelling JSON and JavaScript use, so the human view and --json show one string alike.
const shortEscapes: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r' }

function visible(character: string): string {
  return shortEscapes[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
}

/**
 * `text` safe to print: control and bidi characters shown as escapes (`\u001b`, `\r`, `\u202e`),
 * line breaks kept, so multi-line blocks stay multi-line. Other characters (José Müller, 日本) are
 * left as they are.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(unsafeInText, visible)
}

/** Like `escapeForTerminal`, but line breaks are escaped too: for one table cell or one value. */
export function escapeForTerminalLine(text: string): string {
  return text.replace(unsafeInCell, visible)
}

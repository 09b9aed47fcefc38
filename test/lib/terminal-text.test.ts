import t from 'tap'
import { escapeForTerminal, escapeForTerminalLine } from '../../src/lib/terminal-text.js'

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`
const named: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' }
const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]
const controls = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, index) => 0x80 + index),
]

t.test('every C0 and C1 control, DEL and the bidi controls are shown as escapes in a cell', async (t) => {
  for (const code of [...controls, ...bidi]) {
    const shown = escapeForTerminalLine(`a${String.fromCharCode(code)}b`)
    t.equal(shown, `a${named[code] ?? hex(code)}b`, `U+${code.toString(16).padStart(4, '0')}`)
  }
})

t.test('in multi-line text only the line feed is kept', async (t) => {
  for (const code of [...controls, ...bidi]) {
    const shown = escapeForTerminal(`a${String.fromCharCode(code)}b`)
    const expected = code === 0x0a ? 'a\nb' : `a${named[code] ?? hex(code)}b`
    t.equal(shown, expected, `U+${code.toString(16).padStart(4, '0')}`)
  }
})

t.test('the attack of the issue is inert, and ordinary text is left intact', async (t) => {
  const attack = '\u001b]0;pwned\u0007\u001b[2K\u001b[1A'
  t.equal(escapeForTerminalLine(attack), '\\u001b]0;pwned\\u0007\\u001b[2K\\u001b[1A')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for them
  t.notMatch(escapeForTerminal(`x${attack}\u009b31m\u202e`), /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/)
  for (const text of ['José Müller 日本', 'Zoë Ærøskøbing — “quoted” ✓ 🚗', 'C:\\path\\to', 'tab-free, 100%', '']) {
    t.equal(escapeForTerminal(text), text, `left alone: ${text}`)
    t.equal(escapeForTerminalLine(text), text, `left alone in a cell: ${text}`)
  }
  t.equal(escapeForTerminal('line one\nline two'), 'line one\nline two', 'line breaks of a block are kept')
})

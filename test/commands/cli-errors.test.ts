// Issue 27 item 10: every CLI error is one line (one JSON object with --json), an unknown command names
// the nearest one, and shell completion comes from oclif's autocomplete plugin. These fail before any
// database is opened, so the runs need none. Run in this process (test/helpers/cli-in-process.ts) over
// dist/ (`npm run build` first); one real process checks the same line and exit code through a shell's eyes.
import t, { type Test } from 'tap'
import type { CliResult } from '../helpers/cli.js'
import { runCli } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'

const cli = (args: string[]) => runCommand(args, {})

/** A stack trace line as Node prints them, or oclif's own "at ..." frames. */
const stackTrace = /^\s+at\s|\.[cm]?[jt]s:\d+:\d+/m

/** Non-zero exit `code`, nothing on stdout, exactly one line on stderr, matching `line`. */
function oneLine(t: Test, result: CliResult, code: number, line: RegExp, what: string) {
  const output = { stdout: result.stdout, stderr: result.stderr }
  t.equal(result.code, code, `${what}: exit ${code}`, output)
  t.equal(result.stdout, '', `${what}: nothing on stdout`, output)
  t.equal(result.stderr.split('\n').length, 2, `${what}: one line on stderr`, output)
  t.match(result.stderr, line, `${what}: says what is wrong`, output)
  t.notMatch(result.stderr, stackTrace, `${what}: no stack trace`)
  t.notMatch(result.stderr, /USAGE|See more help/, `${what}: no usage block`)
}

/** With --json: stdout is exactly one JSON object { error: { code, message } }, stderr empty. */
function oneJson(t: Test, result: CliResult, code: number, message: RegExp, what: string) {
  const output = { stdout: result.stdout, stderr: result.stderr }
  t.equal(result.code, code, `${what}: exit ${code}`, output)
  t.equal(result.stderr, '', `${what}: nothing on stderr`, output)
  const parsed = JSON.parse(result.stdout) as unknown
  t.same(Object.keys(parsed as object), ['error'], `${what}: one object with only "error"`)
  const error = (parsed as { error: Record<string, unknown> }).error
  t.same(Object.keys(error).sort(), ['code', 'message'], `${what}: code and message, nothing of oclif's`)
  t.equal(error.code, 'invalid_usage', `${what}: code invalid_usage`)
  t.match(error.message, message, `${what}: the message`)
  t.ok(result.stdout.length < 1000, `${what}: short (oclif's error object was ~9,700 lines)`)
}

t.test('argument and flag errors: one line naming the command and how to see its usage', async (t) => {
  const usage = /Run "shopapi customers merge --help" for usage\n$/
  oneLine(
    t,
    await cli(['customers', 'merge']),
    2,
    /^Error: Missing required argument: FROM \(The duplicate customer \(cus_\.\.\.\)\)\. Run "shopapi customers merge --help" for usage\n$/,
    'missing argument',
  )
  oneLine(t, await cli(['customers', 'merge', 'cus_a']), 2, /^Error: Missing required flag into\. /, 'missing flag')
  oneLine(
    t,
    await cli(['customers', 'merge', 'cus_a', '--into']),
    2,
    /^Error: Flag --into expects a value\. /,
    'flag without value',
  )
  oneLine(
    t,
    await cli(['customers', 'merge', 'cus_a', '--bogus']),
    2,
    /^Error: Nonexistent flag: --bogus\. /,
    'unknown flag',
  )
  oneLine(
    t,
    await cli(['customers', 'merge', 'cus_a', 'cus_b', '--into', 'cus_c']),
    2,
    /^Error: Unexpected argument: cus_b\. /,
    'extra argument',
  )
  const notInteger = await cli(['deliveries', 'list', '--limit', 'abc'])
  oneLine(
    t,
    notInteger,
    2,
    /^Error: Parsing --limit: Expected an integer but received: abc\. Run "shopapi deliveries list --help" for usage\n$/,
    'refused flag value',
  )
  t.match((await cli(['customers', 'merge', 'cus_a', '--bogus'])).stderr, usage)
})

t.test('--json: one JSON object, not the parse error with its context', async (t) => {
  oneJson(
    t,
    await cli(['customers', 'merge', '--json']),
    2,
    /^Missing required argument: FROM .*Run "shopapi customers merge --help" for usage$/,
    'missing argument',
  )
  oneJson(
    t,
    await cli(['customers', 'merge', 'cus_a', '--json', '--bogus']),
    2,
    /^Nonexistent flag: --bogus\. /,
    'unknown flag',
  )
  oneJson(t, await cli(['deliveries', 'list', '--json', '--limit', '0']), 2, /--limit/, 'flag out of range')
})

t.test('an unknown command names the nearest command or topic', async (t) => {
  oneLine(
    t,
    await cli(['webhook', 'list']),
    127,
    /^Error: "shopapi webhook list" is not a shopapi command\. Did you mean "shopapi webhooks list"\? Run "shopapi help" for the list\n$/,
    'webhook list',
  )
  oneLine(t, await cli(['deliverys']), 127, /Did you mean "shopapi deliveries"\?/, 'a misspelt topic')
  oneJson(
    t,
    { ...(await cli(['webhook', 'list', '--json'])), code: 127 },
    127,
    /Did you mean "shopapi webhooks list"\?/,
    'with --json',
  )
})

t.test('help and version still exit 0 with their output', async (t) => {
  const help = await cli(['customers', 'merge', '--help'])
  t.equal(help.code, 0, 'a command --help exits 0', { stderr: help.stderr })
  t.match(help.stdout, /USAGE\n\s+\$ shopapi customers merge FROM --into <value>/, 'and prints the usage')
  const version = await cli(['--version'])
  t.equal(version.code, 0, '--version exits 0')
  t.match(version.stdout, /^shopapi\/\d+\.\d+\.\d+ /, 'and prints the version')
})

t.test('shell completion: oclif autocomplete plugin', async (t) => {
  const bash = await cli(['autocomplete', 'bash'])
  t.equal(bash.code, 0, 'autocomplete bash exits 0', { stderr: bash.stderr })
  t.match(bash.stdout, /shopapi autocomplete script bash/, 'and prints the set-up for bash')
  const help = await cli(['--help'])
  t.match(help.stdout, /\n {2}autocomplete\s/, 'autocomplete is listed in the root help')
})

t.test('a real process: the same one line and exit code', async (t) => {
  oneLine(t, await runCli(['webhook', 'list'], {}), 127, /Did you mean "shopapi webhooks list"\?/, 'spawned not-found')
  oneLine(
    t,
    await runCli(['customers', 'merge'], {}),
    2,
    /^Error: Missing required argument: FROM /,
    'spawned missing argument',
  )
})

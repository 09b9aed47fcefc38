import { type Hook, toConfiguredId } from '@oclif/core'
import { closest } from 'fastest-levenshtein'
import { escapeForTerminalLine } from '../lib/terminal-text.js'

/**
 * `shopapi webhook list`: an unknown command. In a terminal, oclif's own not-found plugin asks "Did you
 * mean webhooks list?" and runs it on yes. Elsewhere (a script, a pipe, a test) that plugin asks nothing
 * and prints two lines without a suggestion, so here it is one line naming the nearest command, by the
 * plugin's own measure (Levenshtein distance over the visible command ids and aliases), or with `--json`
 * one JSON object on stdout; the exit code is the plugin's (127, a shell's "command not found").
 */
const commandNotFound: Hook<'command_not_found'> = async function (options) {
  if (process.stdin.isTTY) {
    const { default: prompt } = await import('@oclif/plugin-not-found')
    return prompt.call(this, options)
  }
  const { config, id, argv = [] } = options
  const hidden = new Set(config.commands.filter((command) => command.hidden).map((command) => command.id))
  // Topics too, which the plugin leaves out: "webhok" is nearer "webhooks" than any whole command.
  const ids = [
    ...config.commandIDs,
    ...config.commands.flatMap((command) => command.aliases),
    ...config.topics.filter((topic) => !topic.hidden).map((topic) => topic.name),
  ].filter((candidate) => !hidden.has(candidate))
  const asTyped = toConfiguredId(id, config)
  const suggestion = ids.length > 0 ? `${config.bin} ${toConfiguredId(closest(id, ids), config)}` : undefined
  const message = `"${config.bin} ${asTyped}" is not a ${config.bin} command.${suggestion ? ` Did you mean "${suggestion}"?` : ''} Run "${config.bin} help" for the list`
  if (argv.includes('--json'))
    process.stdout.write(`${JSON.stringify({ error: { code: 'invalid_usage', message } }, null, 2)}\n`)
  else process.stderr.write(`Error: ${escapeForTerminalLine(message)}\n`)
  this.exit(127)
}

export default commandNotFound

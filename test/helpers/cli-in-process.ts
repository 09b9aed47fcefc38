// `shopapi <args>` run inside the test's own process: the same oclif entry as bin/run.js (`execute` over
// dist/ with the project's manifest), with the environment `cliEnv` gives a child, and its stdout, stderr
// and exit code captured. A CLI process costs 0.2-0.4 s of CPU to start (node, oclif, the command's
// imports); here only the first run pays for the imports, so a file of many commands runs in a fraction of
// the time (bench/RESULTS.md, the suite's time).
//
// For tests that read a command's output and exit code. What only a real process shows stays with
// `runCli` (test/helpers/cli.ts): signals, crashes, exit codes through the shell, start-up time, stdin and
// TTYs, and `serve`, `worker` and `listen`, which run until a signal.
//
// Runs are one at a time (they swap process-wide state: process.env, stdout and stderr's write, the exit
// code), and each is put back as it was: the environment, process.exitCode, and any listener the command
// left on process or its streams (a real process would have ended with them).
//
// oclif is loaded by the first run, under the child's environment and with stdout and stderr not
// terminals: oclif fixes its line width and ansis its colours when first loaded, and a test run in a
// terminal has stderr on the terminal and FORCE_COLOR=1 from tap, where a child has pipes and neither.
import { createRequire } from 'node:module'
import type { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type * as Oclif from '@oclif/core'
import type * as OclifHandle from '@oclif/core/handle'
import { type CliResult, cliEnv } from './cli.js'

const entry = fileURLToPath(new URL('../../bin/run.js', import.meta.url))
let oclif: Promise<{ execute: typeof Oclif.execute; Exit: typeof OclifHandle.Exit }> | undefined

async function loadOclif() {
  const require = createRequire(import.meta.url)
  if (require.cache[require.resolve('@oclif/core')])
    throw new Error(
      'runCommand: @oclif/core was loaded before the first command ran, so its line width and colours follow this process, not a child: run a command before importing a module of src/cli or src/commands',
    )
  const [{ execute, settings }, { Exit }] = await Promise.all([import('@oclif/core'), import('@oclif/core/handle')])
  // As bin/run.js: the compiled commands in dist/ (this process runs tsx, so oclif would load src/ instead).
  settings.enableAutoTranspile = false
  return { execute, Exit }
}

/** Process events and stream events a command (or oclif) may listen to; extra listeners are removed. */
const processEvents = ['SIGINT', 'SIGTERM', 'exit', 'beforeExit', 'warning'] as const
const streamEvents = ['drain', 'error', 'close', 'finish'] as const

let queue: Promise<unknown> = Promise.resolve()

/** Runs `shopapi <args>` in this process to completion; the result a child process would give. */
export function runCommand(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const run = queue.then(() => runNow(args, env))
  queue = run.catch(() => {})
  return run
}

async function runNow(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const saved = {
    env: { ...process.env },
    argv: process.argv,
    exitCode: process.exitCode,
    processExit: process.exit,
    stdoutWrite: process.stdout.write,
    streamShapes: [process.stdout, process.stderr].map(
      (stream) => [stream, Object.getOwnPropertyDescriptor(stream, 'isTTY')] as const,
    ),
    stderrWrite: process.stderr.write,
    listeners: [
      ...processEvents.map((event) => listenersOf(process, event)),
      ...[process.stdout, process.stderr].flatMap((stream) => streamEvents.map((event) => listenersOf(stream, event))),
    ],
  }
  let stdout = ''
  let stderr = ''
  let exitCode: number | undefined
  let savedExit: { Exit: typeof OclifHandle.Exit; exit: typeof OclifHandle.Exit.exit } | undefined
  const capture = (append: (text: string) => void) =>
    function write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'))
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') process.nextTick(done as () => void)
      return true
    } as Writable['write']
  try {
    // Built before process.env is emptied: cliEnv copies PATH and HOME from it.
    const commandEnv = cliEnv(env)
    for (const name of Object.keys(process.env)) delete process.env[name]
    Object.assign(process.env, commandEnv)
    // oclif's error handler reads the arguments from process.argv to show a command's help.
    process.argv = [process.execPath, entry, ...args]
    process.exitCode = undefined
    // A child's stdout and stderr are pipes: no progress bars or carriage returns meant for a terminal.
    for (const stream of [process.stdout, process.stderr])
      Object.defineProperty(stream, 'isTTY', { value: false, configurable: true, writable: true })
    oclif ??= loadOclif()
    const { execute, Exit } = await oclif
    savedExit = { Exit, exit: Exit.exit }
    // oclif's error handler ends the process through Exit.exit (its documented seam for tests); a command
    // that called process.exit itself would end the test file, so that is recorded the same way.
    const recordExit = (code?: number | string | null) => {
      exitCode ??= Number(code ?? 0)
    }
    Exit.exit = recordExit as typeof Exit.exit
    process.exit = recordExit as typeof process.exit
    process.stdout.write = capture((text) => {
      stdout += text
    })
    process.stderr.write = capture((text) => {
      stderr += text
    })
    await execute({ args, dir: entry })
  } finally {
    process.stdout.write = saved.stdoutWrite
    process.stderr.write = saved.stderrWrite
    for (const [stream, isTTY] of saved.streamShapes) {
      if (isTTY) Object.defineProperty(stream, 'isTTY', isTTY)
      else delete (stream as { isTTY?: boolean }).isTTY
    }
    process.exit = saved.processExit
    process.argv = saved.argv
    if (savedExit) savedExit.Exit.exit = savedExit.exit
    exitCode ??= Number(process.exitCode ?? 0)
    process.exitCode = saved.exitCode
    for (const name of Object.keys(process.env)) delete process.env[name]
    Object.assign(process.env, saved.env)
    for (const { emitter, event, before } of saved.listeners)
      for (const listener of emitter.listeners(event))
        if (!before.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void)
  }
  return { code: exitCode, stdout, stderr }
}

/** The listeners of `event` now, to remove those a run adds. */
function listenersOf(emitter: NodeJS.EventEmitter, event: string) {
  return { emitter, event, before: emitter.listeners(event) as unknown[] }
}

import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import tap, { type Test } from 'tap'

export const cliPath = fileURLToPath(new URL('../../bin/run.js', import.meta.url))

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** The environment of a CLI run: only what we pass, so no developer setting leaks in. */
export function cliEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' }
  for (const [name, value] of Object.entries(env)) if (value !== undefined) base[name] = value
  return base
}

/** Runs `shopapi <args>` to completion. */
export function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  { cwd }: { cwd?: string } = {},
): Promise<CliResult> {
  return runNode([cliPath, ...args], env, { timeoutMs, label: `shopapi ${args.join(' ')}`, ...(cwd ? { cwd } : {}) })
}

/** Runs `node <args>` (this node) to completion, with only the environment `cliEnv` gives it. */
export function runNode(
  args: string[],
  env: Record<string, string | undefined>,
  {
    timeoutMs = 120_000,
    label = `node ${args.join(' ')}`,
    cwd,
  }: { timeoutMs?: number; label?: string; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(cwd ? { cwd } : {}),
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${label} timed out; stderr: ${stderr}`))
    }, timeoutMs)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

export interface ServeProcess {
  child: ChildProcess
  url: string
  output(): { stdout: string; stderr: string }
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/**
 * The log lines of a 500 (its request line, or the error logged with its stack). No test makes a spawned
 * server fail on purpose, so any is a defect; they appear when the test logs at error level or lower.
 */
function internalErrorLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false
    try {
      const entry = JSON.parse(line) as { status?: unknown; msg?: unknown }
      return entry.status === 500 || entry.msg === 'unhandled error'
    } catch {
      return false
    }
  })
}

/**
 * Starts `shopapi serve --json` and waits for its start-up line; `stop` fails the run on a logged 500.
 * `processGroup`: the process leads a group of its own, as a terminal's foreground job does, so a test
 * can signal the whole group as Ctrl-C does (`process.kill(-child.pid, 'SIGINT')`).
 */
export function startServe(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  { cwd, processGroup = false }: { cwd?: string; processGroup?: boolean } = {},
): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'serve', '--json', '--port', '0', ...args], {
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: processGroup,
      ...(cwd ? { cwd } : {}),
    })
    let stdout = ''
    let stderr = ''
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`serve did not start; stderr: ${stderr}`))
    }, timeoutMs)
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      const firstLine = stdout.split('\n')[0] ?? ''
      if (stdout.includes('\n') && firstLine.startsWith('{"url"')) {
        clearTimeout(timer)
        const summary = JSON.parse(firstLine) as { url: string }
        resolve({
          child,
          url: summary.url,
          output: () => ({ stdout, stderr }),
          stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal)
            const code = await exited
            for (const line of internalErrorLines(stdout)) tap.fail(`shopapi serve logged a 500: ${line}`)
            return code
          },
        })
      }
    })
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code} before starting; stderr: ${stderr}`))
    })
  })
}

/** A CLI result in words, for a failed assertion's diagnostics. */
export function describeResult(result: CliResult): string {
  return `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`
}

/** The JSON a command printed, after checking it exited 0. */
export function jsonOutput<T>(t: Test, result: CliResult): T {
  t.equal(result.code, 0, 'exit 0', { output: describeResult(result) })
  return JSON.parse(result.stdout) as T
}

/** A refusal as the README promises it: exit 1, one line on stderr matching `message`, no stack trace. */
export function assertOneLineFailure(t: Test, result: CliResult, message: RegExp) {
  t.equal(result.code, 1, 'exit 1', { output: describeResult(result) })
  t.equal(result.stderr.trim().split('\n').length, 1, 'one line on stderr', { stderr: result.stderr })
  t.match(result.stderr, message)
  t.notMatch(result.stderr, /^\s+at\s/m, 'no stack trace')
}

export interface WorkerProcess {
  child: ChildProcess
  output(): { stdout: string; stderr: string }
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Starts `shopapi worker --json` and waits for its start-up line (the JSON summary). */
export function startWorker(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<WorkerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'worker', '--json', ...args], {
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`worker did not start; stderr: ${stderr}`))
    }, timeoutMs)
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    let started = false
    child.stdout.on('data', (chunk) => {
      stdout += chunk
      if (started || !stdout.split('\n').some((line) => line.startsWith('{"worker":true'))) return
      started = true
      clearTimeout(timer)
      resolve({
        child,
        output: () => ({ stdout, stderr }),
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal)
          return exited
        },
      })
    })
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`worker exited with ${code} before starting; stderr: ${stderr}`))
    })
  })
}

import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

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
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
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
      reject(new Error(`shopapi ${args.join(' ')} timed out; stderr: ${stderr}`))
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

/** Starts `shopapi serve --json` and waits for its start-up line. */
export function startServe(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'serve', '--json', '--port', '0', ...args], {
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
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
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal)
            return exited
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

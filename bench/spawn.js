// Child processes of the benches: a server started with --json that prints one JSON line once listening.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Spawns a server process and waits for the JSON line it prints once listening (an object with a
 * `url`, not a log line: serve logs at info by default, and Fastify's own "Server listening" line
 * comes first). Every other stdout line goes to `onLine`, or labelled to our stderr.
 */
export async function spawnServer(label, args, env, { log, onLine } = {}) {
  const report = log ?? ((message) => process.stderr.write(`${message}\n`))
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stopping = false
  child.stderr.on('data', (chunk) => {
    stderr += chunk
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000)
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const info = await new Promise((resolve, reject) => {
    let listening = false
    const other = onLine ?? ((line) => process.stderr.write(`[${label}] ${line}\n`))
    const onStdoutLine = (line) => {
      if (!listening) {
        let parsed
        try {
          parsed = JSON.parse(line)
        } catch {
          // Not JSON: passed on below.
        }
        if (typeof parsed?.url === 'string' && parsed.level === undefined) {
          listening = true
          resolve(parsed)
          return
        }
      }
      other(line)
    }
    let rest = ''
    child.stdout.on('data', (chunk) => {
      rest += chunk
      const lines = rest.split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) onStdoutLine(line)
    })
    exited.then(({ code, signal }) =>
      reject(new Error(`${label} exited (${code ?? signal}) before listening:\n${stderr.trim()}`)),
    )
  })
  exited.then(({ code, signal }) => {
    if (!stopping) report(`${label} exited unexpectedly (${code ?? signal}):\n${stderr.trim()}`)
  })
  return {
    pid: child.pid,
    info,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      stopping = true
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/**
 * Runs `body(cleanup)`; the steps pushed onto `cleanup` run in reverse order when it ends, fails, or
 * the bench is interrupted (SIGINT/SIGTERM) or crashes, so no server, database or temp dir is left.
 */
export async function withCleanup(log, body) {
  const cleanup = []
  let cleaning
  const runCleanup = () => {
    cleaning ??= (async () => {
      for (const step of [...cleanup].reverse()) await step().catch((error) => log(`cleanup: ${error.message}`))
    })()
    return cleaning
  }
  const onSignal = (signal) => {
    log(`${signal}: cleaning up`)
    runCleanup().finally(() => process.exit(130))
  }
  const onCrash = (error) => {
    log(`bench failed: ${error?.stack ?? error}`)
    runCleanup().finally(() => process.exit(1))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  process.once('uncaughtException', onCrash)
  try {
    return await body(cleanup)
  } finally {
    await runCleanup()
    process.removeListener('SIGINT', onSignal)
    process.removeListener('SIGTERM', onSignal)
    process.removeListener('uncaughtException', onCrash)
  }
}

// Child processes of the benches: a server started with --json that prints one JSON line once listening.
import { spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Spawns a server process and waits for the JSON line it prints once listening (an object with a
 * `url`, not a log line: serve logs at info by default, and Fastify's own "Server listening" line
 * comes first). Every other stdout line goes to `onLine`, or labelled to our stderr.
 *
 * `isReady`: which JSON line means ready (default: one with a `url`); `shopapi worker --json` prints
 * one with `worker: true` and no url.
 *
 * `stdoutFile`: the server writes its standard output to that file, as `shopapi serve >> file` would,
 * and the file is followed here (every 50 ms until listening, then every second). Through a pipe, the
 * server's log lines would wait on this process, which is also the load generator: when it falls
 * behind draining them, the pipe fills and the server holds the lines in memory (pino's default
 * destination writes asynchronously), which is then counted in its resident set.
 */
export async function spawnServer(label, args, env, { log, onLine, stdoutFile, isReady } = {}) {
  const report = log ?? ((message) => process.stderr.write(`${message}\n`))
  const outFd = stdoutFile ? openSync(stdoutFile, 'a') : null
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', outFd ?? 'pipe', 'pipe'],
  })
  if (outFd !== null) closeSync(outFd)
  let stderr = ''
  let stopping = false
  child.stderr.on('data', (chunk) => {
    stderr += chunk
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000)
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let follower
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
        const ready = isReady ?? ((line) => typeof line?.url === 'string')
        if (parsed !== undefined && parsed.level === undefined && ready(parsed)) {
          listening = true
          follower?.slow()
          resolve(parsed)
          return
        }
      }
      other(line)
    }
    let rest = ''
    const onChunk = (chunk) => {
      rest += chunk
      const lines = rest.split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) if (line.trim()) onStdoutLine(line)
    }
    if (stdoutFile) follower = followFile(stdoutFile, onChunk)
    else child.stdout.on('data', onChunk)
    exited.then(({ code, signal }) => {
      follower?.stop()
      reject(new Error(`${label} exited (${code ?? signal}) before listening:\n${stderr.trim()}`))
    })
  })
  exited.then(({ code, signal }) => {
    if (!stopping) report(`${label} exited unexpectedly (${code ?? signal}):\n${stderr.trim()}`)
  })
  return {
    pid: child.pid,
    info,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) {
        await follower?.drain()
        return
      }
      stopping = true
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
      await follower?.drain()
    },
  }
}

/** Reads what is appended to `file` and hands it to `onChunk`; fast until `slow()`, `drain()` ends it. */
function followFile(file, onChunk) {
  let offset = 0
  const decoder = new StringDecoder('utf8')
  let timer
  let reading = Promise.resolve()
  let stopped = false
  const read = async () => {
    const handle = await open(file, 'r')
    try {
      for (;;) {
        const buffer = Buffer.alloc(1 << 20)
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
        if (bytesRead === 0) break
        offset += bytesRead
        onChunk(decoder.write(buffer.subarray(0, bytesRead)))
      }
    } finally {
      await handle.close()
    }
  }
  const tick = () => {
    reading = reading.then(read).catch(() => {})
  }
  const every = (ms) => {
    clearInterval(timer)
    if (!stopped) timer = setInterval(tick, ms)
  }
  every(50)
  return {
    slow: () => every(1000),
    stop() {
      stopped = true
      clearInterval(timer)
    },
    async drain() {
      this.stop()
      tick()
      await reading
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

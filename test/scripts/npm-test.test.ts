// Without DATABASE_URL, `npm test` (scripts/test.js) and a test file run on its own (`npx tap <file>`)
// start a throw-away PostgreSQL in a `shopapi-test-pg-*` directory of the temp directory. Ctrl-C (SIGINT
// to the whole process group, the server included) or SIGTERM must not leave it behind: each case runs
// the real command in a process group of its own, with a temp directory of its own, signals it once the
// server is up, and looks for the directory and the server's process afterwards.

import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { cliEnv } from '../helpers/cli.js'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
/** A file with one database: it runs for some seconds after tap starts it, long enough to interrupt. */
const smallDatabaseFile = 'test/worker/purge-expired.test.ts'

interface Run {
  child: ChildProcess
  tempDir: string
  stderr(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** Starts `node <args>` in the project, leader of a new process group, with TMPDIR its own and no DATABASE_URL. */
async function start(t: Test, args: string[]): Promise<Run> {
  const tempDir = await mkdtemp(path.join(tmpdir(), 'shopapi-npm-test-'))
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: cliEnv({ TMPDIR: tempDir }),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  )
  t.teardown(async () => {
    // Whatever the test found, nothing of this run may outlive it.
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-(child.pid as number), 'SIGKILL')
      } catch {}
    }
    await exited
    await rm(tempDir, { recursive: true, force: true })
  })
  return { child, tempDir, stderr: () => stderr, exited }
}

async function clusterDirs(tempDir: string): Promise<string[]> {
  return (await readdir(tempDir)).filter((name) => name.startsWith('shopapi-test-pg-'))
}

/** The pid of the server once one of the run's clusters accepts connections (postmaster.pid says "ready"). */
async function serverPid(run: Run, timeoutMs = 120_000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const dir of await clusterDirs(run.tempDir)) {
      const lines = await readFile(path.join(run.tempDir, dir, 'postgres', 'postmaster.pid'), 'utf8')
        .then((text) => text.split('\n'))
        .catch(() => [])
      if (lines[7]?.trim() === 'ready') return Number(lines[0])
    }
    if (Date.now() > deadline) throw new Error(`no embedded server started; stderr: ${run.stderr()}`)
    await delay(100)
  }
}

async function untilStderr(run: Run, pattern: RegExp, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!pattern.test(run.stderr())) {
    if (Date.now() > deadline) throw new Error(`waited for ${pattern}; stderr: ${run.stderr()}`)
    await delay(100)
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Waits for the run to end, then checks that its clusters and their server are gone. */
async function assertNothingLeft(t: Test, run: Run, pid: number): Promise<{ signal: NodeJS.Signals | null }> {
  const { signal } = await run.exited
  // The run's own processes (a test file's, after tap's runner) may finish cleaning up a moment later.
  const deadline = Date.now() + 20_000
  while ((alive(pid) || (await clusterDirs(run.tempDir)).length > 0) && Date.now() < deadline) await delay(100)
  t.same(await clusterDirs(run.tempDir), [], 'no shopapi-test-pg-* directory is left', { stderr: run.stderr() })
  t.notOk(alive(pid), 'the embedded server has stopped')
  return { signal }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Resolves once the test file's own process runs (tap's runner, whose arguments name the file too, has
 * no --import): a signal sent before it exists reaches tap only, which then lets the file run whole.
 */
async function untilFileRuns(file: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      const args = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
      if (args.includes(file) && args.includes('--import')) return
    }
    if (Date.now() > deadline) throw new Error(`the test file ${file} never started`)
    await delay(50)
  }
}

t.test('npm test: Ctrl-C while tap runs stops the embedded server and removes its directory', async (t) => {
  const run = await start(t, ['scripts/test.js', smallDatabaseFile])
  const pid = await serverPid(run)
  await untilStderr(run, /tap runs 1 test file/)
  await untilFileRuns(smallDatabaseFile)
  t.equal(run.child.exitCode, null, 'still running when interrupted')
  process.kill(-(run.child.pid as number), 'SIGINT')
  const { signal } = await assertNothingLeft(t, run, pid)
  t.equal(signal, 'SIGINT', 'npm test ends by the signal it was given')
  t.match(run.stderr(), /SIGINT: stopping the tests/)
  t.notMatch(run.stderr(), /files done[^:]*: ok /, 'the file was cut short')
})

t.test('npm test: SIGTERM while it starts up (the server up, tap not yet) leaves nothing', async (t) => {
  const run = await start(t, ['scripts/test.js', smallDatabaseFile])
  const pid = await serverPid(run)
  run.child.kill('SIGTERM')
  const { signal } = await assertNothingLeft(t, run, pid)
  t.equal(signal, 'SIGTERM')
  t.notMatch(run.stderr(), /files done/, 'no test file ran')
})

t.test('a test file run on its own: Ctrl-C stops the server it started and removes its directory', async (t) => {
  const tapBin = path.join(projectRoot, 'node_modules', '.bin', 'tap')
  const run = await start(t, [tapBin, '--reporter=tap', smallDatabaseFile])
  const pid = await serverPid(run)
  t.equal(run.child.exitCode, null, 'still running when interrupted')
  process.kill(-(run.child.pid as number), 'SIGINT')
  await assertNothingLeft(t, run, pid)
})

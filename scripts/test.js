#!/usr/bin/env node
// `npm test`: runs tap on DATABASE_URL when it is set; on a machine without a database server it
// first starts an embedded PostgreSQL (throw-away, in a temp directory) and points the tests at it.
// It then migrates the template database once, before tap starts; each test file gets a clone of its
// own (test/helpers/template-database.js), dropped at its end.
//
// tap's output is passed through untouched (raw TAP, whose last lines `# { total: N, pass: P, fail: F }`
// .ci/run reads); what this script adds goes to stderr, prefixed [npm test]: each step while it starts,
// then a line as each test file ends, so a run shows where it is from its first seconds.
//
// Ctrl-C (SIGINT to the process group; the embedded server runs in a session of its own) or SIGTERM: tap is told to
// stop, then the embedded server is stopped and its directory removed before this script ends by the
// same signal.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openEmbeddedDatabase } from '../dist/db/embedded.js'
import { ensureSchemaTemplate } from '../test/helpers/template-database.js'

const args = process.argv.slice(2)
const env = { ...process.env }
const startedAt = Date.now()

function elapsed() {
  const seconds = Math.round((Date.now() - startedAt) / 1000)
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`
}
const say = (message) => process.stderr.write(`[npm test ${elapsed()}] ${message}\n`)

/** A tap that does not end within this long after the signal is killed, so the clean-up still runs. */
const tapGraceMs = 15_000
/** With no file ending for this long, a line says the run goes on. */
const heartbeatMs = 60_000
const signals = ['SIGINT', 'SIGTERM']
let interrupted
let tap
let embedded
let dataDir
for (const signal of signals) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = signal
    say(`${signal}: stopping the tests${dataDir ? ', then the embedded PostgreSQL, and removing its directory' : ''}`)
    if (tap) {
      tap.kill(signal)
      setTimeout(() => tap.kill('SIGKILL'), tapGraceMs).unref()
    }
  })
}

/** Runs tap, passing its stdout through, and says on stderr how many test files have ended. */
function runTap() {
  const tapBin = path.resolve('node_modules/.bin/tap')
  tap = spawn(tapBin, args, { env, stdio: ['inherit', 'pipe', 'inherit'] })
  // The root's own lines are not indented: `1..N` (the number of files), then `ok K - <file>` or
  // `not ok K - <file>` as each file ends (tap buffers each file's own lines until then). Each line is
  // written out before it is read, so the progress line follows the file's result.
  let files = '?'
  let ended = 0
  let failed = 0
  const readRootLine = (line) => {
    const plan = /^1\.\.(\d+)/.exec(line)
    if (plan) {
      files = plan[1]
      say(`tap runs ${files} test file(s)`)
      return
    }
    const result = /^(not ok|ok) \d+ - (.+?)(?: # (?:time=([\d.]+)ms|(.*)))?(?: \{)?$/.exec(line)
    if (!result) return
    ended += 1
    lastSaid = Date.now()
    if (result[1] === 'not ok') failed += 1
    const took = result[3] ? ` in ${(Number(result[3]) / 1000).toFixed(1)} s` : result[4] ? ` # ${result[4]}` : ''
    say(`${ended}/${files} files done${failed ? `, ${failed} failed` : ''}: ${result[1]} ${result[2]}${took}`)
  }
  // Files take minutes on a loaded machine, and tap shows none of a file until it ends: a line a
  // minute says the run is still going.
  let lastSaid = Date.now()
  const heartbeat = setInterval(() => {
    if (Date.now() - lastSaid < heartbeatMs) return
    lastSaid = Date.now()
    say(`${ended}/${files} files done${failed ? `, ${failed} failed` : ''}; still running`)
  }, 5_000)
  heartbeat.unref()
  let partial = ''
  tap.stdout.setEncoding('utf8')
  tap.stdout.on('data', (text) => {
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      process.stdout.write(`${line}\n`)
      if (!line.startsWith(' ')) readRootLine(line)
    }
  })
  tap.stdout.on('end', () => {
    if (partial) process.stdout.write(partial)
  })
  return new Promise((resolve) =>
    tap.on('close', (exitCode) => {
      clearInterval(heartbeat)
      resolve(exitCode ?? 1)
    }),
  )
}

/**
 * npm ci installs tap's test class built with its default plugins, which .taprc narrows (no TypeScript
 * plugin, no mock, fixtures, workers...). tap rebuilds it when it starts, but the runner keeps the
 * loaders it was loaded with: on a fresh install every test file of that run would also load ts-node
 * and @tapjs/mock's module hook (about 0.5 s of CPU each). Building it first, once, gives the run the
 * configured loaders. The plugins .taprc turns off are its `- "!@tapjs/<name>"` lines.
 */
async function tapBuiltWithRemovedPlugins() {
  const removed = [...(await readFile(path.resolve('.taprc'), 'utf8')).matchAll(/^\s*-\s*"!(@tapjs\/[\w-]+)"/gm)].map(
    (match) => match[1],
  )
  const built = await readFile(path.resolve('node_modules/@tapjs/test/test-built/dist/esm/index.js'), 'utf8').catch(
    () => '',
  )
  return removed.some((plugin) => built.includes(`"${plugin}"`) || built.includes(`'${plugin}'`))
}

function runToEnd(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] })
    child.on('error', reject)
    child.on('close', (exitCode) =>
      exitCode === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${exitCode}`)),
    )
  })
}

let code = 1
// The rebuild (tshy compiling tap's test class, most of 20 s of one core) runs beside the database's
// start and the template's migration (mostly PostgreSQL's work): neither needs the other.
let rebuilding
if (await tapBuiltWithRemovedPlugins()) {
  say("Rebuilding tap's test class with only the plugins .taprc names, once after npm ci (beside the database)")
  rebuilding = runToEnd(path.resolve('node_modules/.bin/tap'), ['build']).then(
    () => undefined,
    (error) => error,
  )
}
try {
  if (!env.DATABASE_URL) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-test-pg-'))
    say(`No DATABASE_URL: starting an embedded PostgreSQL for the tests in ${dataDir}`)
    embedded = await openEmbeddedDatabase(dataDir, { durable: false, onProgress: say })
    env.DATABASE_URL = embedded.url
  } else {
    say('Tests run on DATABASE_URL')
  }
  if (!interrupted) {
    say('Migrating the template database each test file clones, unless this schema has one already')
    const { template, built } = await ensureSchemaTemplate(env.DATABASE_URL)
    say(`Template database ${template}: ${built ? 'migrated' : 'already there'}`)
  }
  if (rebuilding) {
    // Waited for even when interrupted: the clean-up below must not race a build still writing.
    const failed = await rebuilding
    if (failed && !interrupted) throw failed
    if (!interrupted) say("tap's test class rebuilt")
  }
  if (!interrupted) {
    say('Starting tap')
    code = await runTap()
  }
} finally {
  // A build still running (the database's start failed first) ends before this script does.
  await rebuilding
  if (embedded) await embedded.stop()
  if (dataDir) {
    await rm(dataDir, { recursive: true, force: true })
    if (interrupted) say(`Removed ${dataDir}`)
  }
}
if (interrupted) {
  process.removeAllListeners(interrupted)
  process.kill(process.pid, interrupted)
} else {
  process.exit(code)
}

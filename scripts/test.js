#!/usr/bin/env node
// `npm test`: runs tap on DATABASE_URL when it is set; on a machine without a database server it
// first starts an embedded PostgreSQL (throw-away, in a temp directory) and points the tests at it.
// Each test file then creates and drops a database of its own on that server.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openEmbeddedDatabase } from '../dist/db/embedded.js'

const args = process.argv.slice(2)
const env = { ...process.env }
let embedded
let dataDir
if (!env.DATABASE_URL) {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-test-pg-'))
  process.stderr.write(`No DATABASE_URL: starting an embedded PostgreSQL for the tests in ${dataDir}\n`)
  embedded = await openEmbeddedDatabase(dataDir, { durable: false })
  env.DATABASE_URL = embedded.url
}

const tapBin = path.resolve('node_modules/.bin/tap')
const child = spawn(tapBin, args, { env, stdio: 'inherit' })
const forward = (signal) => child.kill(signal)
process.on('SIGINT', forward)
process.on('SIGTERM', forward)
const code = await new Promise((resolve) => child.on('close', (exitCode) => resolve(exitCode ?? 1)))
if (embedded) await embedded.stop()
if (dataDir) await rm(dataDir, { recursive: true, force: true })
process.exit(code)

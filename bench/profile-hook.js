// Preloaded into the bench's servers only (`node --import ./bench/profile-hook.js ...`, see bench/profile.js),
// never into the product: counts the round trips to Postgres the process makes, and takes V8 CPU profiles
// on demand, so bench/profile.js can tell what one request costs without a change to shopapi's code.
//
// - Round trips: every pg Client#query() (Pool#query ends in one too) is counted, with the time until its
//   result came back, per connection application_name ('shopapi serve' is the API's pool, 'shopapi serve
//   (worker)' the webhook worker's, none the bare server's), so the API's statements are told apart from
//   the worker's in the same process.
// - Profiles: the V8 sampling profiler that `--cpu-prof` uses, driven through node:inspector in this process,
//   so a profile covers one scenario's load in the warm process that was just measured (`--cpu-prof` writes
//   one profile per process lifetime, start-up and all).
// - Control: a loopback HTTP listener on a free port, written as {"port"} to $BENCH_PROFILE_DIR/<pid>.json:
//   GET /counters, POST /profile/start, POST /profile/stop (answers the .cpuprofile JSON). Unreferenced, so
//   it never keeps a stopping server alive.
import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { Session } from 'node:inspector'
import { createRequire } from 'node:module'
import path from 'node:path'

const dir = process.env.BENCH_PROFILE_DIR
if (!dir) throw new Error('bench/profile-hook.js: BENCH_PROFILE_DIR is required')
const samplingIntervalUs = Number(process.env.BENCH_PROFILE_SAMPLING_US ?? 250)

// The pg the server imports: resolved from the project's root (this file's parent directory), the same
// CommonJS module instance as the server's `import pg from 'pg'`.
const require = createRequire(path.join(import.meta.dirname, '..', 'package.json'))
const { Client } = require('pg')

/** application_name -> { queries, ns } (ns: call to result, summed). */
const counters = new Map()
const counterOf = (client) => {
  const name = client.connectionParameters?.application_name ?? ''
  let counter = counters.get(name)
  if (!counter) {
    counter = { queries: 0, ns: 0n }
    counters.set(name, counter)
  }
  return counter
}

const query = Client.prototype.query
Client.prototype.query = function countedQuery(config, values, callback) {
  const counter = counterOf(this)
  counter.queries += 1
  const started = process.hrtime.bigint()
  const done = () => {
    counter.ns += process.hrtime.bigint() - started
  }
  // Three call shapes (pg's own): (config, callback), (config, values, callback), or no callback and a
  // promise back. A submittable (config.submit) carries its callback on itself.
  if (typeof callback === 'function') {
    return query.call(this, config, values, (...args) => {
      done()
      return callback(...args)
    })
  }
  if (typeof values === 'function') {
    return query.call(this, config, (...args) => {
      done()
      return values(...args)
    })
  }
  if (config && typeof config.submit === 'function' && typeof config.callback === 'function') {
    const own = config.callback
    config.callback = (...args) => {
      done()
      return own(...args)
    }
    return query.call(this, config, values)
  }
  const result = query.call(this, config, values)
  // The promise pg returns; the reaction added here handles its rejection only for this branch (the
  // caller still gets the original promise and its rejection).
  if (result && typeof result.then === 'function') result.then(done, done)
  return result
}

const session = new Session()
session.connect()
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  )
let profiling = false

async function answer(request) {
  if (request.method === 'GET' && request.url === '/counters') {
    return {
      pid: process.pid,
      at_ns: String(process.hrtime.bigint()),
      by_application: Object.fromEntries(
        [...counters].map(([name, c]) => [name, { queries: c.queries, ms: Number(c.ns) / 1e6 }]),
      ),
    }
  }
  if (request.method === 'POST' && request.url === '/profile/start') {
    if (profiling) throw new Error('a profile is already being taken')
    await post('Profiler.enable')
    await post('Profiler.setSamplingInterval', { interval: samplingIntervalUs })
    await post('Profiler.start')
    profiling = true
    return { started: true, sampling_interval_us: samplingIntervalUs }
  }
  if (request.method === 'POST' && request.url === '/profile/stop') {
    if (!profiling) throw new Error('no profile is being taken')
    profiling = false
    const { profile } = await post('Profiler.stop')
    await post('Profiler.disable')
    return profile
  }
  return null
}

const control = http.createServer((request, response) => {
  answer(request).then(
    (body) => {
      response.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body ?? { error: 'not found' }))
    },
    (error) => {
      response.writeHead(409, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: error.message }))
    },
  )
})
control.listen(0, '127.0.0.1', () => {
  writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify({ port: control.address().port }))
})
control.unref()

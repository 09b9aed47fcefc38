// The module hooks test/helpers/loader.js registers in every test process (they run on Node's loader
// thread). docs/decisions/code.md, "The test process: the build, esbuild, four tap plugins".
//
// - src/ from the build: a module of src/ is loaded as its compiled dist/ file when that file is not
//   older than its source (`npm test` builds first), so a test process compiles only the tests and
//   their helpers. A source edited since the build is loaded from src/ (compiled here), and a dist/
//   file whose source is newer is loaded from src/ too, whoever imports it (dist/ modules, the
//   in-process CLI, test/helpers/template-database.js): each module has one copy in a process, never a
//   src/ and a dist/ copy side by side (instanceof, module state).
// - TypeScript (the tests, their helpers, a stale src/ file) compiled by esbuild's transform: types
//   stripped, nothing else, as tsx (which uses esbuild) would; types are checked by `npm run typecheck`.
// - Every other ES module file is read here, as Node's own loader would read it, rather than passed
//   down the chain: tap's runner puts @tapjs/processinfo's hook into every test process (it cannot be
//   turned off), which reads each module a second time and posts its text to the main thread to count
//   its lines, for coverage and `tap --changed`, neither of which this project uses. CommonJS, JSON and
//   builtins go down the chain unchanged.
import { readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

const root = new URL('../../', import.meta.url).href
const srcRoot = `${root}src/`
const distRoot = `${root}dist/`

// tsconfig.json's compiler options, which decide how esbuild emits class fields and the like. Plain JSON.
const tsconfigRaw = {
  compilerOptions: JSON.parse(readFileSync(new URL('../../tsconfig.json', import.meta.url), 'utf8')).compilerOptions,
}

/** A file's modification time in ms, or undefined when it does not exist. */
function modified(url) {
  return statSync(new URL(url), { throwIfNoEntry: false })?.mtimeMs
}

/** For a src/ or dist/ module, the one of the pair to load: dist/ unless its source is newer. */
const chosen = new Map()
function pick(url) {
  let source
  let built
  if (url.startsWith(srcRoot) && url.endsWith('.ts') && !url.endsWith('.d.ts')) {
    source = url
    built = `${distRoot}${url.slice(srcRoot.length, -'.ts'.length)}.js`
  } else if (url.startsWith(distRoot) && url.endsWith('.js')) {
    built = url
    source = `${srcRoot}${url.slice(distRoot.length, -'.js'.length)}.ts`
  } else {
    return url
  }
  let answer = chosen.get(source)
  if (answer === undefined) {
    const builtAt = modified(built)
    const sourceAt = modified(source)
    if (builtAt === undefined && sourceAt === undefined) return url
    answer = builtAt !== undefined && (sourceAt === undefined || builtAt >= sourceAt) ? built : source
    chosen.set(source, answer)
  }
  return answer
}

/**
 * A relative, absolute or file: specifier inside this checkout: `./x.js` imported from TypeScript names
 * `./x.ts` where that file exists (NodeNext resolution), and a module of src/ or dist/ is the one of
 * the pair `pick` chooses. Bare specifiers (packages, builtins) go down the chain.
 */
export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL
  const relative = specifier.startsWith('.')
  if (
    (relative || specifier.startsWith('/') || specifier.startsWith('file:')) &&
    !(relative && (!parent?.startsWith(root) || parent.includes('/node_modules/')))
  ) {
    let url = new URL(specifier, parent ?? root).href
    if (url.startsWith(root) && !url.includes('?') && !url.includes('#')) {
      if (parent?.endsWith('.ts') && url.endsWith('.js')) {
        const typescript = `${url.slice(0, -'.js'.length)}.ts`
        if (modified(typescript) !== undefined) url = typescript
      }
      const picked = pick(url)
      if (picked.endsWith('.ts') || picked !== url) return { url: picked, format: 'module', shortCircuit: true }
    }
  }
  return nextResolve(specifier, context)
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !(url.endsWith('.ts') || context.format === 'module')) return nextLoad(url, context)
  if (!url.endsWith('.ts')) return { format: 'module', source: await readFile(new URL(url)), shortCircuit: true }
  const file = fileURLToPath(url)
  const { code } = await transform(await readFile(file, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: 'inline',
    sourcefile: file,
    tsconfigRaw,
  })
  return { format: 'module', source: code, shortCircuit: true }
}

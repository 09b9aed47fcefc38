// The module hooks test/helpers/typescript-loader.js registers (they run on Node's loader thread).
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

// tsconfig.json's compiler options, which decide how esbuild emits class fields and the like, as tsx
// reads them. The file is plain JSON.
const tsconfigRaw = {
  compilerOptions: JSON.parse(readFileSync(new URL('../../tsconfig.json', import.meta.url), 'utf8')).compilerOptions,
}

/** `./x.js` imported from TypeScript names `./x.ts` where that file exists (NodeNext resolution). */
export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL
  if (parent?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const source = new URL(`${specifier.slice(0, -'.js'.length)}.ts`, parent)
    if (existsSync(source)) return { url: source.href, format: 'module', shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

/**
 * A `.ts` file as an ES module (package.json's type), its types stripped, with an inline source map.
 * Every other ES module file is read here too, as Node's own loader would read it, rather than passed
 * down the chain: tap's runner puts @tapjs/processinfo's hook into every test process (it cannot be
 * turned off), which reads each module a second time and posts its text to the main thread to count
 * its lines, for coverage and `tap --changed`, neither of which this project uses: about 0.3 s of CPU in
 * every test file. CommonJS, JSON and builtins go down the chain unchanged. (A hook that must
 * see every module, such as @tapjs/mock's, would be skipped the same way: .taprc leaves it out.)
 */
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

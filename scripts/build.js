#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` and an install from git): compiles src/ into dist/, one
// JavaScript file per TypeScript file with its source map, by esbuild's transform (types stripped,
// nothing bundled), then writes the oclif manifest (scripts/manifest.js). esbuild takes about a second
// where `tsc` took about 25 s of one core, and every install, `npm test` and `npm run bench` starts with
// this build. Types are checked by `npm run typecheck` (tsc, which CI runs beside the tests), and the
// declaration files of the package's library surface (dist/**/*.d.ts, package.json "types") by
// `npm run build:types`, which `prepack` runs, so a packed tarball carries them
// (docs/decisions/code.md, "The build").
//
// The test process compiles a source edited since the build with the same transform and the same
// compiler options (test/helpers/loader-hooks.js), so what a test runs does not depend on which of the
// two compiled it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const sources = path.join(root, 'src')

const entryPoints = readdirSync(sources, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
  .map((entry) => path.join(entry.parentPath, entry.name))

// tsconfig.json's compiler options decide how esbuild emits class fields and the like (plain JSON).
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'))

await build({
  absWorkingDir: root,
  entryPoints,
  outbase: sources,
  outdir: path.join(root, 'dist'),
  bundle: false,
  format: 'esm',
  platform: 'node',
  // The oldest Node the package supports (package.json "engines").
  target: 'node20.19',
  sourcemap: true,
  // As tsc wrote them: a map without the source's text (src/ is beside dist/), a third of the size.
  sourcesContent: false,
  tsconfigRaw: { compilerOptions },
  logLevel: 'warning',
})

await import('./manifest.js')

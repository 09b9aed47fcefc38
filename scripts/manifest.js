#!/usr/bin/env node
// Writes oclif.manifest.json after the build. Without it, oclif imports every command module (and so
// every resource, schema and the OpenAPI builder) on each start just to learn the commands' names and
// flags: `shopapi --version` took 1.1 s; with it, 0.17 s. The manifest is what `oclif manifest` (the
// oclif dev CLI, a large package we do not otherwise need) writes, made by @oclif/core's own Plugin.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Plugin } from '@oclif/core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// The build never deletes: a command moved or removed in src/commands/ (`canned-jobs import` became
// `import canned-jobs`, its old name an alias) would stay in dist/commands/ from an earlier build and be
// loaded as a command of its own, stale, shadowing the alias. Compiled commands without a source go.
const compiled = path.join(root, 'dist', 'commands')
const sources = path.join(root, 'src', 'commands')
if (existsSync(compiled) && existsSync(sources)) {
  for (const entry of readdirSync(compiled, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const source = path.join(sources, path.relative(compiled, file)).replace(/\.(?:js|d\.ts|js\.map)$/, '.ts')
    if (!existsSync(source)) rmSync(file)
  }
}
const plugin = new Plugin({ root, isRoot: true, type: 'core', ignoreManifest: true, errorOnManifestCreate: true })
await plugin.load()
writeFileSync(path.join(root, 'oclif.manifest.json'), `${JSON.stringify(plugin.manifest, null, 2)}\n`)

#!/usr/bin/env node
// Writes oclif.manifest.json after the build. Without it, oclif imports every command module (and so
// every resource, schema and the OpenAPI builder) on each start just to learn the commands' names and
// flags: `shopapi --version` took 1.1 s; with it, 0.17 s. The manifest is what `oclif manifest` (the
// oclif dev CLI, a large package we do not otherwise need) writes, made by @oclif/core's own Plugin.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Plugin } from '@oclif/core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const plugin = new Plugin({ root, isRoot: true, type: 'core', ignoreManifest: true, errorOnManifestCreate: true })
await plugin.load()
writeFileSync(path.join(root, 'oclif.manifest.json'), `${JSON.stringify(plugin.manifest, null, 2)}\n`)

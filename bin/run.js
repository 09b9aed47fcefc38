#!/usr/bin/env node
import { fileURLToPath } from 'node:url'
import { execute, settings } from '@oclif/core'

// Always the compiled commands in dist/: under NODE_ENV=development or test oclif would otherwise try to
// register a TypeScript loader for src/ on every start (0.25 s of CPU per command, then dist/ anyway).
settings.enableAutoTranspile = false

// userPlugins: false: oclif would read a package.json of "user plugins" from its data directory, which
// it takes from SHOPAPI_DATA_DIR, the appliance's own data directory (secrets and the database). shopapi
// installs no plugins, so nothing is read from there but by shopapi itself.
await execute({ loadOptions: { root: fileURLToPath(new URL('..', import.meta.url)), userPlugins: false } })

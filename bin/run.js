#!/usr/bin/env node
import { execute, settings } from '@oclif/core'

// Always the compiled commands in dist/: under NODE_ENV=development or test oclif would otherwise try to
// register a TypeScript loader for src/ on every start (0.25 s of CPU per command, then dist/ anyway).
settings.enableAutoTranspile = false

await execute({ dir: import.meta.url })

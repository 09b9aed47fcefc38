// `--import=./test/helpers/loader.js` (.taprc node-arg): how a test process loads modules
// (test/helpers/loader-hooks.js): src/ from the build when it is up to date, TypeScript through
// esbuild, and no second reading of every module by @tapjs/processinfo.
import { register } from 'node:module'

register('./loader-hooks.js', import.meta.url)

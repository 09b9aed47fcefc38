// `--import=./test/helpers/typescript-loader.js` (.taprc node-arg): the tests' TypeScript, loaded as
// tsx would load it, with two module hooks and esbuild (the compiler tsx itself uses), and nothing
// else. tsx's general hooks (tsconfig paths, CommonJS interop, extension probing on every import)
// cost about half a second of CPU in each test file, most of it on the hundreds of modules of tap and the
// app that need none of it (bench/RESULTS.md, the suite's time); these hooks touch only relative
// `.js` imports from TypeScript (TypeScript's NodeNext spelling of a `.ts` file) and `.ts` files.
// Types are checked by `npm run typecheck`, not here.
import { register } from 'node:module'

register('./typescript-hooks.js', import.meta.url)

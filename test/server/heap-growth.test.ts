// serve and worker cap how far V8 grows the old generation between full collections (the resident
// set a shop's machine must hold at peak). Each case runs a child process that applies the limit as
// serve does and reports what it applied. How much smaller the old generation stays under churn is a
// figure of the machine, measured by the bench (`BENCH_ONLY=bounds BENCH_BOUNDS=heap npm run bench`).
import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { limitHeapGrowth } from '../../src/server/heap-growth.js'
import { runNode } from '../helpers/cli.js'

const module = new URL('../../dist/server/heap-growth.js', import.meta.url).href

const applyLimit = `
const { limitHeapGrowth } = await import(${JSON.stringify(module)})
const applied = limitHeapGrowth(Number(process.env.PERCENT))
process.stdout.write(JSON.stringify({ applied, gcGlobal: typeof globalThis.gc }))
`

async function run(percent: number, nodeArgs: string[] = []): Promise<{ applied: number | null; gcGlobal: string }> {
  const { code, stdout, stderr } = await runNode(
    [...nodeArgs, '--input-type=module', '-e', applyLimit],
    {
      PERCENT: String(percent),
    },
    { label: 'apply-limit' },
  )
  if (code !== 0) throw new Error(`apply-limit exited ${code}: ${stderr}`)
  return JSON.parse(stdout)
}

t.test('the default limits the growing factor after start', async (t) => {
  const { heapGrowthPercent } = loadConfig({})
  t.equal(heapGrowthPercent, 50, 'SHOPAPI_HEAP_GROWTH_PERCENT defaults to 50')
  const byV8 = await run(0)
  const limited = await run(heapGrowthPercent)
  t.equal(byV8.applied, null, '0 leaves the factor to V8')
  t.equal(limited.applied, 50, 'the growing factor is set after start')
  t.equal(limited.gcGlobal, 'undefined', 'the one collection at start leaves no gc() global behind')
})

t.test("node's own --heap-growing-percent is kept", async (t) => {
  const chosen = await run(50, ['--heap-growing-percent=300'])
  t.equal(chosen.applied, null, 'not overridden')
  t.equal(limitHeapGrowth(50, ['--heap_growing_percent=80']), null, 'either spelling counts')
  t.equal(limitHeapGrowth(50, ['--max-old-space-size=512', '--enable-source-maps']), 50, 'other flags do not')
})

t.test('SHOPAPI_HEAP_GROWTH_PERCENT is checked', async (t) => {
  t.equal(loadConfig({ SHOPAPI_HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent, 0)
  t.equal(loadConfig({ SHOPAPI_HEAP_GROWTH_PERCENT: '25' }).heapGrowthPercent, 25)
  for (const bad of ['-1', '2.5', 'lots', '1001']) {
    t.throws(() => loadConfig({ SHOPAPI_HEAP_GROWTH_PERCENT: bad }), /SHOPAPI_HEAP_GROWTH_PERCENT/, bad)
  }
})

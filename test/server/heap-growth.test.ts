// serve and worker cap how far V8 grows the old generation between full collections (the resident
// set a shop's machine must hold at peak). Each case runs a child process that keeps ~40 MB alive and
// allocates short- and medium-lived garbage for a few seconds, as a busy serve does, and reports the
// largest old generation V8 committed.
import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { limitHeapGrowth } from '../../src/server/heap-growth.js'
import { runNode } from '../helpers/cli.js'

const module = new URL('../../dist/server/heap-growth.js', import.meta.url).href

const churn = `
import { getHeapSpaceStatistics } from 'node:v8'
const { limitHeapGrowth } = await import(${JSON.stringify(module)})
const applied = limitHeapGrowth(Number(process.env.PERCENT))
const live = []
for (let i = 0; i < 200_000; i++) live.push({ name: 'customer ' + i, tags: [i, i + 1], address: { line: 'x' + i } })
let batch = []
let peak = 0
const started = Date.now()
while (Date.now() - started < 2500) {
  for (let j = 0; j < 2000; j++) batch.push({ body: JSON.stringify({ n: j, lines: [1, 2, 3], text: 'abc'.repeat(10) }) })
  if (batch.length > 150_000) batch = []
  const old = getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')
  peak = Math.max(peak, old.space_size)
}
process.stdout.write(JSON.stringify({ applied, peakOldMb: peak / 1e6, live: live.length, gcGlobal: typeof globalThis.gc }))
`

async function run(
  percent: number,
  nodeArgs: string[] = [],
): Promise<{ applied: number | null; peakOldMb: number; gcGlobal: string }> {
  const { code, stdout, stderr } = await runNode(
    [...nodeArgs, '--input-type=module', '-e', churn],
    {
      PERCENT: String(percent),
    },
    { label: 'churn' },
  )
  if (code !== 0) throw new Error(`churn exited ${code}: ${stderr}`)
  return JSON.parse(stdout)
}

t.test('the default holds the old generation near what is alive', async (t) => {
  const { heapGrowthPercent } = loadConfig({})
  t.equal(heapGrowthPercent, 50, 'SHOPAPI_HEAP_GROWTH_PERCENT defaults to 50')
  const byV8 = await run(0)
  const limited = await run(heapGrowthPercent)
  t.equal(byV8.applied, null, '0 leaves the factor to V8')
  t.equal(limited.applied, 50, 'the growing factor is set after start')
  t.equal(limited.gcGlobal, 'undefined', 'the one collection at start leaves no gc() global behind')
  t.comment(
    `peak old generation: ${byV8.peakOldMb.toFixed(0)} MB by V8's choice, ${limited.peakOldMb.toFixed(0)} MB at 50 %`,
  )
  // ~40 MB alive: V8's own factor (up to 4x) commits far more than 1.5x of it.
  t.ok(limited.peakOldMb < byV8.peakOldMb * 0.75, 'a smaller peak than V8 chooses on its own')
  t.ok(limited.peakOldMb < 150, `peak ${limited.peakOldMb.toFixed(0)} MB < 150 MB`)
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

#!/usr/bin/env node
// The CLI's start-up (issue 27 item 9): `shopapi --version`, `shopapi --help` and `shopapi <topic> --help`
// for every topic, beside a bare oclif start measured the same way at the same time: a one-command oclif
// CLI written to a temp directory (its `--version`, `--help`, `hello --help`, over this project's
// @oclif/core) and `node -e "import('@oclif/core')"`. Goal: at most 0.4 s of CPU and 80 MB peak for
// shopapi's --help and --version.
//
// Method: every process is timed by GNU time (`/usr/bin/time -f`, the operating system's accounting of the
// finished child: user + system CPU, peak resident set) and a wall clock around it; without GNU time only
// the wall clock is reported. The rows run in turn, round after round (BENCH_CLI_RUNS rounds, default 9,
// after one warm-up round), so a drift of the machine's speed touches every row alike; each figure is the
// median of its runs, and the bare start's row is the yardstick (ratio of the medians of CPU). CPU is the
// figure to quote on a shared machine: wall time there waits for other processes.
//
// Run by `npm run bench` (first, it needs no database) or alone: `BENCH_ONLY=cli npm run bench`, or
// `node bench/cli-start.js` against the build in dist/ (built with its oclif.manifest.json). BENCH_STRICT=1
// exits 1 when a --help or --version row misses its goal.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const gnuTime = '/usr/bin/time'
const goal = { cpuSeconds: 0.4, peakMb: 80 }

/** A one-command oclif CLI, the least an oclif start can cost: no manifest needed for one command. */
async function writeBareCli(dir) {
  await mkdir(path.join(dir, 'commands'))
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  const pjson = { name: 'bare', version: '1.0.0', type: 'module', oclif: { bin: 'bare', commands: './commands' } }
  await writeFile(path.join(dir, 'package.json'), JSON.stringify(pjson))
  await writeFile(
    path.join(dir, 'commands', 'hello.js'),
    "import { Command } from '@oclif/core'\nexport default class Hello extends Command {\n  static description = 'Say hello'\n  async run() { this.log('hello') }\n}\n",
  )
  await writeFile(
    path.join(dir, 'run.js'),
    "import { execute } from '@oclif/core'\nawait execute({ dir: import.meta.url })\n",
  )
  return path.join(dir, 'run.js')
}

/** One run: wall seconds, and CPU seconds and peak MB when GNU time is there. */
function timeOnce(args, timeFile) {
  const started = performance.now()
  const child = existsSync(gnuTime)
    ? spawnSync(gnuTime, ['-f', '%U %S %M', '-o', timeFile, process.execPath, ...args], {
        stdio: 'ignore',
        cwd: root,
        timeout: 60_000,
      })
    : spawnSync(process.execPath, args, { stdio: 'ignore', cwd: root, timeout: 60_000 })
  const wall = (performance.now() - started) / 1000
  if (child.error) throw child.error
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} exited ${child.status}`)
  if (!existsSync(gnuTime)) return { wall }
  const [user, system, peakKb] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number)
  return { wall, cpu: user + system, peakMb: peakKb / 1024 }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

export async function runCliStartBench({ log = (message) => process.stderr.write(`${message}\n`) } = {}) {
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 9)
  if (!(runs >= 1)) throw new Error('BENCH_CLI_RUNS: at least 1')
  const strict = process.env.BENCH_STRICT === '1'
  if (!existsSync(path.join(root, 'oclif.manifest.json')))
    log('warning: no oclif.manifest.json (npm run build writes it): every start imports every command')
  const topics = Object.keys(JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')).oclif.topics)
  const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-bench-cli-'))
  try {
    const bare = await writeBareCli(dir)
    const shopapi = path.join(root, 'bin', 'run.js')
    const rows = [
      { label: "node -e import('@oclif/core')", args: ['-e', "import('@oclif/core')"], bare: true },
      { label: 'bare oclif --version', args: [bare, '--version'], bare: true },
      { label: 'bare oclif --help', args: [bare, '--help'], bare: true },
      { label: 'bare oclif hello --help', args: [bare, 'hello', '--help'], bare: true },
      { label: 'shopapi --version', args: [shopapi, '--version'], goal: true },
      { label: 'shopapi --help', args: [shopapi, '--help'], goal: true },
      ...topics.map((topic) => ({ label: `shopapi ${topic} --help`, args: [shopapi, topic, '--help'], goal: true })),
    ]
    log(
      `CLI start: ${rows.length} commands, ${runs} rounds after a warm-up${existsSync(gnuTime) ? '' : ' (no GNU time: wall only)'}`,
    )
    const timeFile = path.join(dir, 'time.txt')
    for (const row of rows) {
      timeOnce(row.args, timeFile)
      row.samples = []
    }
    const started = Date.now()
    for (let round = 0; round < runs; round++) {
      for (const row of rows) row.samples.push(timeOnce(row.args, timeFile))
      log(`  round ${round + 1}/${runs} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
    }
    const figure = (row, key) =>
      row.samples[0][key] === undefined ? undefined : median(row.samples.map((s) => s[key]))
    const yardstick = rows.find((row) => row.label === 'bare oclif --version')
    const fmt = (value, digits) => (value === undefined ? '-' : value.toFixed(digits))
    console.log(
      `\n=== CLI start (median of ${runs} runs each; goal for shopapi: <= ${goal.cpuSeconds} s CPU, <= ${goal.peakMb} MB)`,
    )
    console.log(
      `${'command'.padEnd(36)}${'wall s'.padStart(8)}${'cpu s'.padStart(8)}${'peak MB'.padStart(9)}${'cpu/bare'.padStart(10)}  goal`,
    )
    let missed = 0
    for (const row of rows) {
      const cpu = figure(row, 'cpu')
      const peak = figure(row, 'peakMb')
      const ratio = cpu === undefined ? undefined : cpu / figure(yardstick, 'cpu')
      const met = cpu === undefined ? undefined : cpu <= goal.cpuSeconds && peak <= goal.peakMb
      if (row.goal && met === false) missed++
      const verdict = !row.goal ? '' : met === undefined ? '?' : met ? 'met' : 'MISSED'
      console.log(
        `${row.label.padEnd(36)}${fmt(figure(row, 'wall'), 3).padStart(8)}${fmt(cpu, 3).padStart(8)}${fmt(peak, 1).padStart(9)}${fmt(ratio, 2).padStart(10)}  ${verdict}`,
      )
    }
    if (strict && missed > 0) process.exitCode = 1
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runCliStartBench()

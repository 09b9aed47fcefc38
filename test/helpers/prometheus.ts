// A strict reader of the Prometheus text exposition format 0.0.4, for tests: it refuses what a
// Prometheus server would refuse (bad names, bad escapes, a TYPE after samples, a family split in two,
// a series twice, histogram buckets that are not cumulative or disagree with _count), so a test that
// parses a scrape also proves the scrape is valid. prom-client itself can only write this format.

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

export interface Family {
  name: string
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped'
  help: string | undefined
  samples: Sample[]
}

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const labelName = /^[a-zA-Z_][a-zA-Z0-9_]*$/
const types = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped'])

function parseValue(text: string, line: number): number {
  if (text === '+Inf' || text === 'Inf') return Number.POSITIVE_INFINITY
  if (text === '-Inf') return Number.NEGATIVE_INFINITY
  if (text === 'NaN') return Number.NaN
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`line ${line}: "${text}" is not a number`)
  return Number(text)
}

/** The labels between braces, from `start` (just after `{`); returns them and the index after `}`. */
function parseLabels(text: string, start: number, line: number): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {}
  let i = start
  for (;;) {
    if (text[i] === '}') return { labels, end: i + 1 }
    const eq = text.indexOf('=', i)
    if (eq < 0) throw new Error(`line ${line}: a label without "="`)
    const name = text.slice(i, eq)
    if (!labelName.test(name)) throw new Error(`line ${line}: bad label name "${name}"`)
    if (name in labels) throw new Error(`line ${line}: label "${name}" twice`)
    if (text[eq + 1] !== '"') throw new Error(`line ${line}: label value of "${name}" is not quoted`)
    let value = ''
    i = eq + 2
    for (;;) {
      const c = text[i]
      if (c === undefined) throw new Error(`line ${line}: unterminated label value`)
      if (c === '"') break
      if (c === '\\') {
        const next = text[i + 1]
        if (next === '\\') value += '\\'
        else if (next === '"') value += '"'
        else if (next === 'n') value += '\n'
        else throw new Error(`line ${line}: bad escape "\\${next}" in a label value`)
        i += 2
      } else {
        value += c
        i += 1
      }
    }
    labels[name] = value
    i += 1
    if (text[i] === ',') i += 1
    else if (text[i] !== '}') throw new Error(`line ${line}: expected "," or "}" after a label`)
  }
}

/** The family a sample belongs to: histogram and summary samples carry a suffix. */
function familyOf(sample: string, families: Map<string, Family>): Family | undefined {
  const direct = families.get(sample)
  if (direct) return direct
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (!sample.endsWith(suffix)) continue
    const family = families.get(sample.slice(0, -suffix.length))
    if (family && (family.type === 'histogram' || (family.type === 'summary' && suffix !== '_bucket'))) return family
  }
  return undefined
}

export function parsePrometheusText(text: string): Map<string, Family> {
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the exposition does not end with a line feed')
  const families = new Map<string, Family>()
  const finished = new Set<string>()
  const seen = new Set<string>()
  let current: Family | undefined
  const lines = text.split('\n')
  lines.pop()
  lines.forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    if (raw.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(raw)
      if (!match) return // a plain comment
      const [, kind, name = '', rest = ''] = match
      if (!metricName.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`)
      let family = families.get(name)
      if (family && family !== current) throw new Error(`line ${line}: ${name} appears in two places`)
      if (!family) {
        if (current) finished.add(current.name)
        family = { name, type: 'untyped', help: undefined, samples: [] }
        families.set(name, family)
        current = family
      }
      if (kind === 'TYPE') {
        if (!types.has(rest)) throw new Error(`line ${line}: unknown type "${rest}"`)
        if (family.samples.length > 0) throw new Error(`line ${line}: TYPE of ${name} after its samples`)
        family.type = rest as Family['type']
      } else {
        if (family.help !== undefined) throw new Error(`line ${line}: HELP of ${name} twice`)
        family.help = rest.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'))
      }
      return
    }
    const nameEnd = raw.search(/[{ ]/)
    if (nameEnd <= 0) throw new Error(`line ${line}: not a sample: ${raw}`)
    const name = raw.slice(0, nameEnd)
    if (!metricName.test(name)) throw new Error(`line ${line}: bad metric name "${name}"`)
    let labels: Record<string, string> = {}
    let i = nameEnd
    if (raw[i] === '{') ({ labels, end: i } = parseLabels(raw, i + 1, line))
    if (raw[i] !== ' ') throw new Error(`line ${line}: expected a space before the value`)
    const [valueText = '', timestamp, ...extra] = raw.slice(i + 1).split(' ')
    if (extra.length > 0 || (timestamp !== undefined && !/^-?\d+$/.test(timestamp))) {
      throw new Error(`line ${line}: trailing text after the value`)
    }
    const value = parseValue(valueText, line)
    let family = familyOf(name, families)
    if (!family) {
      family = { name, type: 'untyped', help: undefined, samples: [] }
      families.set(name, family)
    }
    if (family !== current) {
      if (finished.has(family.name)) throw new Error(`line ${line}: ${family.name} appears in two places`)
      if (current) finished.add(current.name)
      current = family
    }
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`
    if (seen.has(key)) throw new Error(`line ${line}: the series ${key} appears twice`)
    seen.add(key)
    if (family.type === 'counter' && !(value >= 0)) throw new Error(`line ${line}: counter ${name} is ${value}`)
    family.samples.push({ name, labels, value })
  })
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family)
  return families
}

/** Buckets cumulative in `le` order, a +Inf bucket equal to _count, and a _sum, for every label set. */
function checkHistogram(family: Family): void {
  const groups = new Map<string, { buckets: [number, number][]; count?: number; sum?: number }>()
  for (const sample of family.samples) {
    const { le, ...rest } = sample.labels
    const key = JSON.stringify(Object.entries(rest).sort())
    let group = groups.get(key)
    if (!group) {
      group = { buckets: [] }
      groups.set(key, group)
    }
    if (sample.name.endsWith('_bucket')) {
      if (le === undefined) throw new Error(`${sample.name}: a bucket without le`)
      group.buckets.push([parseValue(le, 0), sample.value])
    } else if (sample.name.endsWith('_count')) group.count = sample.value
    else if (sample.name.endsWith('_sum')) group.sum = sample.value
  }
  for (const [key, group] of groups) {
    const sorted = [...group.buckets].sort((a, b) => a[0] - b[0])
    for (let i = 1; i < sorted.length; i++) {
      if ((sorted[i] as [number, number])[1] < (sorted[i - 1] as [number, number])[1]) {
        throw new Error(`${family.name}${key}: buckets are not cumulative`)
      }
    }
    const last = sorted.at(-1)
    if (!last || last[0] !== Number.POSITIVE_INFINITY) throw new Error(`${family.name}${key}: no +Inf bucket`)
    if (group.count !== last[1]) throw new Error(`${family.name}${key}: _count ${group.count} is not +Inf ${last[1]}`)
    if (group.sum === undefined) throw new Error(`${family.name}${key}: no _sum`)
  }
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when none. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = familyOf(name, families)
  const matches = (family?.samples ?? []).filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  )
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} matches ${matches.length} series`)
  return matches[0]?.value
}

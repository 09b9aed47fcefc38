// `shopapi webhooks sign` and `shopapi webhooks verify` over dist/ (run `npm run build` first), against
// the published vectors: files and standard input, exit codes, --json and the readable lines, and the
// reasons a signature fails. They need no database. Commands that read a file run in this process
// (test/helpers/cli-in-process.ts); those that read standard input are real processes fed through a pipe.

import { spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { type CliResult, cliEnv, cliPath } from '../../helpers/cli.js'
import { runCommand } from '../../helpers/cli-in-process.js'

interface Check {
  why: string
  secrets: string[]
  now: number
  received_body_base64?: string
  expected: boolean
}
interface Vector {
  name: string
  secrets: string[]
  timestamp: number
  event_id: string
  body_base64: string
  headers: Record<string, string>
  checks: Check[]
}

const vectorsPath = fileURLToPath(new URL('../../../docs/webhook-signature-vectors.json', import.meta.url))
const { vectors } = JSON.parse(await readFile(vectorsPath, 'utf8')) as { vectors: Vector[] }
const vector = (name: string) => vectors.find((candidate) => candidate.name === name) as Vector
const dir = await mkdtemp(path.join(tmpdir(), 'shopapi-signing-cli-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

/** Runs `shopapi <args>` with nothing but PATH and HOME (no database); a process when fed `input` on stdin. */
function cli(args: string[], input?: Buffer): Promise<CliResult> {
  if (input === undefined) return runCommand(args, {})
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { env: cliEnv({}), stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(input)
  })
}

async function payloadFile(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(dir, name)
  await writeFile(file, bytes)
  return file
}

const secretFlags = (secrets: string[]) => secrets.flatMap((secret) => ['--secret', secret])
const noSecretIn = (t: Test, result: CliResult, secrets: string[]) => {
  for (const secret of secrets) {
    t.notOk(result.stdout.includes(secret) || result.stderr.includes(secret), 'the secret is never printed')
    t.notOk(result.stdout.includes(secret.slice(6)), 'nor the part after whsec_')
  }
}

t.test('sign: for every vector, the published headers, readable and as --json', async (t) => {
  for (const v of vectors) {
    const file = await payloadFile(`${v.name}.body`, Buffer.from(v.body_base64, 'base64'))
    const base = ['webhooks', 'sign', ...secretFlags(v.secrets), '--payload', file, '--timestamp', String(v.timestamp)]
    const json = await cli([...base, '--id', v.event_id, '--json'])
    t.equal(json.code, 0, json.stderr)
    const output = JSON.parse(json.stdout) as { headers: Record<string, string>; timestamp: number; body_bytes: number }
    t.same(output.headers, v.headers, `${v.name}: --json headers`)
    t.equal(output.timestamp, v.timestamp)
    t.equal(output.body_bytes, Buffer.from(v.body_base64, 'base64').length, 'every byte signed')
    noSecretIn(t, json, v.secrets)

    const readable = await cli([...base, '--id', v.event_id])
    t.equal(readable.code, 0)
    t.same(
      readable.stdout.trimEnd().split('\n'),
      Object.entries(v.headers).map(([name, value]) => `${name}: ${value}`),
      `${v.name}: one "Name: value" line per header, as curl -H takes them`,
    )
  }
})

t.test('sign: without --id only Service-Signature; --payload - signs standard input byte for byte', async (t) => {
  const v = vector('trailing-newline')
  const bytes = Buffer.from(v.body_base64, 'base64')
  const fromStdin = await cli(
    ['webhooks', 'sign', '--secret', v.secrets[0] as string, '--payload', '-', '--timestamp', String(v.timestamp)],
    bytes,
  )
  t.equal(fromStdin.code, 0, fromStdin.stderr)
  t.equal(fromStdin.stdout, `Service-Signature: ${v.headers['Service-Signature']}\n`, 'the trailing newline is signed')

  const unicode = vector('non-ascii-body')
  const json = await cli(
    [
      'webhooks',
      'sign',
      '--secret',
      unicode.secrets[0] as string,
      '--payload',
      '-',
      '--timestamp',
      '2026-01-01T00:00:00Z',
      '--json',
    ],
    Buffer.from(unicode.body_base64, 'base64'),
  )
  t.same(
    JSON.parse(json.stdout).headers,
    { 'Service-Signature': unicode.headers['Service-Signature'] },
    'UTF-8 bytes from stdin; an RFC 3339 --timestamp',
  )

  const now = await cli(['webhooks', 'sign', '--secret', v.secrets[0] as string, '--payload', '-', '--json'], bytes)
  const timestamp = (JSON.parse(now.stdout) as { timestamp: number }).timestamp
  t.ok(Math.abs(timestamp - Date.now() / 1000) < 60, 'without --timestamp, t is now')
})

t.test('verify: every check of every vector, exit code and verdict', async (t) => {
  for (const v of vectors) {
    const signed = await payloadFile(`${v.name}.signed`, Buffer.from(v.body_base64, 'base64'))
    for (const [index, check] of v.checks.entries()) {
      const file =
        check.received_body_base64 === undefined
          ? signed
          : await payloadFile(`${v.name}.${index}.received`, Buffer.from(check.received_body_base64, 'base64'))
      const args = ['webhooks', 'verify', ...secretFlags(check.secrets), '--payload', file, '--now', String(check.now)]
      const service = await cli([...args, '--header', v.headers['Service-Signature'] as string, '--json'])
      t.equal(service.code, check.expected ? 0 : 1, `${v.name}: ${check.why}`)
      t.equal(JSON.parse(service.stdout).valid, check.expected)
      noSecretIn(t, service, check.secrets)
      const standard = await cli([
        ...args,
        '--standard-webhooks',
        '--webhook-id',
        v.headers['webhook-id'] as string,
        '--webhook-timestamp',
        v.headers['webhook-timestamp'] as string,
        '--webhook-signature',
        v.headers['webhook-signature'] as string,
      ])
      t.equal(standard.code, check.expected ? 0 : 1, `${v.name} (Standard Webhooks): ${check.why}`)
      t.match(standard.stdout, check.expected ? /^valid: / : /^invalid: /)
    }
  }
})

t.test('verify: the reasons a person needs, from a file or standard input', async (t) => {
  const v = vector('plain')
  const secret = v.secrets[0] as string
  const body = Buffer.from(v.body_base64, 'base64')
  const header = v.headers['Service-Signature'] as string
  // The payload from a file but for the first (standard input): each variant of the body its own file.
  const bodyFile = await payloadFile('reasons.body', body)
  let variants = 0
  const fileOf = async (input?: Buffer) =>
    input === undefined ? bodyFile : await payloadFile(`reasons.${++variants}.body`, input)
  const verify = async (extra: string[], input?: Buffer) =>
    cli([
      'webhooks',
      'verify',
      '--secret',
      secret,
      '--payload',
      await fileOf(input),
      '--now',
      String(v.timestamp),
      ...extra,
    ])

  // This one from standard input (a process), as a receiver pipes a captured body.
  const valid = await cli(
    [
      'webhooks',
      'verify',
      '--secret',
      secret,
      '--payload',
      '-',
      '--now',
      String(v.timestamp),
      '--header',
      `Service-Signature: ${header}`,
    ],
    body,
  )
  t.equal(valid.code, 0, 'a pasted "Service-Signature: ..." line is read for its value')
  t.equal(valid.stdout, 'valid: t is 0 s old\n')

  const stale = await cli([
    'webhooks',
    'verify',
    '--secret',
    secret,
    '--payload',
    bodyFile,
    '--header',
    header,
    '--now',
    String(v.timestamp + 412),
    '--json',
  ])
  t.equal(stale.code, 1)
  t.match(JSON.parse(stale.stdout), {
    valid: false,
    problem: 'timestamp_outside_tolerance',
    age_seconds: 412,
    message: /412 s old: outside the 300 s tolerance by 112 s\. The signature itself matches\./,
  })
  const wider = await cli([
    'webhooks',
    'verify',
    '--secret',
    secret,
    '--payload',
    bodyFile,
    '--header',
    header,
    '--tolerance',
    '600',
    '--now',
    String(v.timestamp + 412),
  ])
  t.equal(wider.code, 0, '--tolerance widens the window')

  const reserialized = await verify(
    ['--header', header, '--json'],
    Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2)),
  )
  t.equal(reserialized.code, 1)
  t.match(JSON.parse(reserialized.stdout), { problem: 'body_modified', message: /re-serialized as compact JSON/ })

  const newline = await verify(['--header', header], Buffer.concat([body, Buffer.from('\n')]))
  t.equal(newline.code, 1)
  t.match(newline.stdout, /^invalid: .*without its trailing newline, which was not signed/)

  const wrong = await cli([
    'webhooks',
    'verify',
    '--secret',
    vector('wrong-secret').checks[0]?.secrets[0] as string,
    '--payload',
    bodyFile,
    '--header',
    header,
    '--now',
    String(v.timestamp),
    '--json',
  ])
  t.equal(wrong.code, 1)
  t.match(JSON.parse(wrong.stdout), {
    problem: 'no_signature_matched',
    message: /none of the 1 v1 signature\(s\) matches/,
  })

  const suffixKeyed = createHmac('sha256', secret.slice(6)).update(`${v.timestamp}.`).update(body).digest('hex')
  const construction = await verify(['--header', `t=${v.timestamp},v1=${suffixKeyed}`, '--json'])
  t.match(JSON.parse(construction.stdout), { problem: 'wrong_key_construction', message: /whsec_ included/ })

  for (const [bad, pattern] of [
    ['v1=abc', /no t=<unix seconds>/],
    [`t=${v.timestamp}`, /no v1=<64 hex digits>/],
    [`t=${v.timestamp},t=${v.timestamp},${header.split(',')[1]}`, /more than one t=/],
    [`t=${v.timestamp}000,${header.split(',')[1]}`, /milliseconds/],
  ] as const) {
    const result = await verify(['--header', bad, '--json'])
    t.equal(result.code, 1, bad)
    t.match(JSON.parse(result.stdout).message, pattern, bad)
  }

  const rotation = vector('rotation-two-secrets')
  const both = await cli([
    'webhooks',
    'verify',
    ...secretFlags(['whsec_WrW85YRrmzdr46ToanYnQtJ6wjSZDWnFdYFDD2oiVu0P', rotation.secrets[1] as string]),
    '--payload',
    await payloadFile('rotation.body', Buffer.from(rotation.body_base64, 'base64')),
    '--header',
    rotation.headers['Service-Signature'] as string,
    '--now',
    String(rotation.timestamp),
    '--json',
  ])
  t.match(JSON.parse(both.stdout), {
    valid: true,
    matched_secret: 2,
    matched_signature: 2,
    secrets_given: 2,
    signatures_in_header: 2,
  })
})

t.test('usage errors: one line, exit 1, never the secret', async (t) => {
  const v = vector('plain')
  const file = await payloadFile('usage.body', Buffer.from(v.body_base64, 'base64'))
  const unprefixed = (v.secrets[0] as string).slice(6)
  const cases: [string[], RegExp][] = [
    [
      ['webhooks', 'sign', '--secret', unprefixed, '--payload', file],
      /--secret must be the whole secret as issued: whsec_/,
    ],
    [
      ['webhooks', 'sign', '--secret', v.secrets[0] as string, '--payload', path.join(dir, 'missing')],
      /cannot read it \(no such file\)/,
    ],
    [
      ['webhooks', 'sign', '--secret', v.secrets[0] as string, '--payload', file, '--timestamp', '1767225600000'],
      /looks like milliseconds/,
    ],
    [
      ['webhooks', 'sign', '--secret', v.secrets[0] as string, '--payload', file, '--id', 'evt 1'],
      /--id must be an event id/,
    ],
    [
      ['webhooks', 'verify', '--secret', v.secrets[0] as string, '--payload', file],
      /--header \(the Service-Signature value\) is required/,
    ],
    [
      [
        'webhooks',
        'verify',
        '--secret',
        v.secrets[0] as string,
        '--payload',
        file,
        '--standard-webhooks',
        '--webhook-id',
        'evt_1',
      ],
      /needs --webhook-timestamp, --webhook-signature/,
    ],
    [
      [
        'webhooks',
        'verify',
        '--secret',
        v.secrets[0] as string,
        '--payload',
        file,
        '--header',
        'x',
        '--tolerance',
        '-5',
      ],
      /--tolerance must be a whole number/,
    ],
  ]
  for (const [args, pattern] of cases) {
    const result = await cli(args)
    t.equal(result.code, 1, args.join(' '))
    t.match(result.stderr, pattern)
    t.equal(result.stderr.trimEnd().split('\n').length, 1, 'one line')
    t.notOk(result.stderr.includes(unprefixed) || result.stdout.includes(unprefixed), 'the secret is not echoed')
    const json = await cli([...args, '--json'])
    t.equal(json.code, 1)
    t.match(JSON.parse(json.stdout), { error: { code: 'invalid_usage', message: pattern } })
  }
})

import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import { fetch, request } from 'undici'
import {
  addressRefusal,
  boundResolver,
  checkWebhookUrl,
  checkWebhookUrlSyntax,
  createDeliveryAgent,
  DnsTimeoutError,
  isUnsafeTargetError,
  type Resolver,
  resolveTarget,
  Slots,
  systemResolver,
  type TargetPolicy,
  UnsafeTargetError,
} from '../../src/io/webhook-targets.js'

const strict: TargetPolicy = { allowPrivate: false }
const dev: TargetPolicy = { allowPrivate: true }

const PUBLIC_V4 = '93.184.216.34'
const PUBLIC_V6 = '2606:2800:220:1:248:1893:25c8:1946'

const records: Record<string, string[]> = {
  'hooks.example.test': [PUBLIC_V4],
  'dual.example.test': [PUBLIC_V4, PUBLIC_V6],
  'internal.example.test': ['10.0.0.5'],
  'mixed.example.test': [PUBLIC_V4, '127.0.0.1'],
  'mixed6.example.test': [PUBLIC_V6, 'fd12:3456::1'],
  'v6loop.example.test': ['::1'],
  'meta.example.test': ['169.254.169.254'],
  'azure.example.test': ['168.63.129.16'],
  'cgnat.example.test': ['100.64.12.1'],
  'mapped.example.test': ['::ffff:127.0.0.1'],
  'nxdomain.example.test': [],
  localhost: ['127.0.0.1', '::1'],
  receiver: ['10.0.0.5'],
}

/** A resolver over `records` that remembers what it was asked; an IP literal must never reach it. */
function fakeResolver(): Resolver & { calls: string[] } {
  const calls: string[] = []
  const resolver = async (hostname: string) => {
    calls.push(hostname)
    if (hostname === 'servfail.example.test') throw Object.assign(new Error('queryA EAI_AGAIN'), { code: 'EAI_AGAIN' })
    const found = records[hostname]
    if (found === undefined) throw new Error(`unexpected lookup of ${hostname}`)
    return found
  }
  return Object.assign(resolver, { calls })
}

/** Answers each call with the next entry (the last one repeats). */
function sequenceResolver(answers: string[][]): Resolver & { calls: string[] } {
  const calls: string[] = []
  const resolver = async (hostname: string) => {
    calls.push(hostname)
    return answers[Math.min(calls.length - 1, answers.length - 1)] ?? []
  }
  return Object.assign(resolver, { calls })
}

// [url, pattern the reason must match]
const hostile: [string, RegExp][] = [
  // numeric tricks, all normalized by the URL parser to 127.0.0.1 or ::ffff:7f00:1
  ['https://0x7f.1/', /^url host 127\.0\.0\.1 is a loopback address$/],
  ['https://2130706433/', /loopback/],
  ['https://017700000001/', /loopback/],
  ['https://127.1/', /loopback/],
  ['https://0x7f.0x0.0x0.0x1/', /loopback/],
  ['https://127.0.0.1./', /loopback/],
  ['https://%31%32%37.0.0.1/', /loopback/],
  ['https://[::ffff:127.0.0.1]/', /IPv4-mapped form of 127\.0\.0\.1, a loopback address/],
  ['https://[::ffff:7f00:1]/', /IPv4-mapped form of 127\.0\.0\.1, a loopback address/],
  ['https://[::ffff:169.254.169.254]/', /IPv4-mapped form of 169\.254\.169\.254, a cloud metadata address/],
  ['https://[::ffff:10.0.0.1]/', /IPv4-mapped form of 10\.0\.0\.1, a private address/],
  ['https://[::127.0.0.1]/', /IPv4-compatible address \(embeds 127\.0\.0\.1\)/],
  ['https://[64:ff9b::127.0.0.1]/', /NAT64/],
  ['https://[64:ff9b::5db8:d822]/', /NAT64/],
  ['https://[2002:7f00:1::1]/', /6to4/],
  ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', /Teredo/],
  // scheme, port, credentials, length, garbage
  ['http://hooks.example.test/x', /^url must use https$/],
  ['ftp://hooks.example.test/x', /^url must use https$/],
  ['javascript:alert(1)//hooks.example.test', /^url must use https$/],
  ['https://hooks.example.test:80/x', /^url must use port 443 or 8443$/],
  ['https://hooks.example.test:8080/x', /^url must use port 443 or 8443$/],
  ['https://hooks.example.test:444/x', /^url must use port 443 or 8443$/],
  ['https://user:pass@hooks.example.test/x', /^url must not contain credentials$/],
  ['https://user@hooks.example.test/x', /^url must not contain credentials$/],
  ['https://:pass@hooks.example.test/x', /^url must not contain credentials$/],
  ['https://a.c', /^url must be at least 12 characters$/],
  [`https://hooks.example.test/${'a'.repeat(2000)}`, /^url must be at most 2000 characters$/],
  ['https://exa mple.test/hook', /^url must be an absolute URL$/],
  // names that cannot be public
  ['https://localhost/', /^url host localhost is not a public hostname$/],
  ['https://localhost./', /not a public hostname/],
  ['https://localhost:8443/', /not a public hostname/],
  ['https://api.localhost/', /not a public hostname/],
  ['https://printer.local/', /not a public hostname/],
  ['https://metadata.google.internal/computeMetadata/v1/', /not a public hostname/],
  ['https://router.home.arpa/', /not a public hostname/],
  ['https://box.localdomain/', /not a public hostname/],
  ['https://hooks.invalid/', /not a public hostname/],
  ['https://intranet/hook', /^url host intranet is not a public hostname \(it has no dot\)$/],
  // address literals
  ['https://[::1]/', /^url host ::1 is a loopback address$/],
  ['https://[fd00:ec2::254]/', /^url host fd00:ec2::254 is a cloud metadata address$/],
  ['https://169.254.169.254/latest/meta-data/', /cloud metadata/],
  ['https://168.63.129.16/machine', /cloud metadata/],
  ['https://100.100.100.200/latest/meta-data/', /cloud metadata/],
  ['https://100.64.0.1/', /carrier-grade NAT/],
  ['https://10.0.0.1/', /private address/],
  ['https://172.16.5.4/', /private address/],
  ['https://192.168.1.1/', /private address/],
  ['https://[fc00::1]/', /unique local/],
  ['https://[fe80::1]/', /link-local/],
  ['https://169.254.10.1/', /link-local/],
  ['https://224.0.0.1/', /multicast/],
  ['https://[ff02::1]/', /multicast/],
  ['https://0.0.0.0/', /unspecified/],
  ['https://0/webhooks', /unspecified/],
  ['https://[::]/', /^url host :: is an unspecified address$/],
  ['https://255.255.255.255/', /broadcast/],
  ['https://192.0.2.1/', /reserved or documentation/],
  ['https://198.51.100.7/', /reserved or documentation/],
  ['https://198.18.0.1/', /reserved/],
  ['https://240.0.0.1/', /reserved/],
  ['https://[2001:db8::1]/', /reserved or documentation/],
  ['https://[fec0::1]/', /site-local/],
  ['https://[4000::1]/', /not a global unicast address/],
  // names resolving to addresses that are not public
  ['https://internal.example.test/hook', /^url host resolves to 10\.0\.0\.5, a private address$/],
  ['https://mixed.example.test/hook', /^url host resolves to 127\.0\.0\.1, a loopback address$/],
  ['https://mixed6.example.test/hook', /^url host resolves to fd12:3456::1, a unique local \(private\) address$/],
  ['https://v6loop.example.test/hook', /^url host resolves to ::1, a loopback address$/],
  ['https://meta.example.test/hook', /^url host resolves to 169\.254\.169\.254, a cloud metadata address$/],
  ['https://azure.example.test/hook', /cloud metadata/],
  ['https://cgnat.example.test/hook', /carrier-grade NAT/],
  ['https://mapped.example.test/hook', /IPv4-mapped form of 127\.0\.0\.1/],
  ['https://nxdomain.example.test/hook', /^url host does not resolve$/],
  ['https://servfail.example.test/hook', /^url host could not be resolved \(EAI_AGAIN\)$/],
]

t.test(`checkWebhookUrl refuses ${hostile.length} hostile URLs under the strict policy`, async (t) => {
  t.ok(hostile.length >= 30)
  for (const [url, pattern] of hostile) {
    const resolver = fakeResolver()
    const result = await checkWebhookUrl(url, strict, resolver)
    const label = url.length > 60 ? `${url.slice(0, 60)}…` : url
    if (result.ok) {
      t.fail(`${label} was accepted`)
      continue
    }
    t.match(result.reason, pattern, label)
    for (const name of resolver.calls) t.notOk(/^[\d.]+$|:/.test(name), `${label}: no IP literal reaches the resolver`)
  }
})

t.test('checkWebhookUrl accepts public targets', async (t) => {
  const accepted: [string, string][] = [
    ['https://hooks.example.test/x', 'hooks.example.test'],
    ['https://hooks.example.test:443/x', 'hooks.example.test'],
    ['https://hooks.example.test:8443/x?a=1', 'hooks.example.test'],
    ['https://HOOKS.Example.TEST/x', 'hooks.example.test'],
    ['https://dual.example.test/hooks/shop', 'dual.example.test'],
    [`https://${PUBLIC_V4}:8443/hook`, PUBLIC_V4],
    ['https://[2606:4700:4700::1111]/', '[2606:4700:4700::1111]'],
    [`https://[::ffff:${PUBLIC_V4}]/hook`, '[::ffff:5db8:d822]'],
  ]
  for (const [url, hostname] of accepted) {
    const result = await checkWebhookUrl(url, strict, fakeResolver())
    t.ok(result.ok, url)
    if (result.ok) t.equal(result.url.hostname, hostname, `${url}: the parsed URL is returned`)
  }
  const explicit443 = await checkWebhookUrl('https://hooks.example.test:443/x', strict, fakeResolver())
  t.equal(explicit443.ok && explicit443.url.port, '', 'an explicit :443 is the default port')
})

t.test('allowPrivate opens http, any port, private names and addresses, and nothing else', async (t) => {
  const accepted = [
    'http://127.0.0.1:3000/hook',
    'http://localhost:3000/hook',
    'http://receiver:8080/hook',
    'https://internal.example.test/hook',
    'https://mixed.example.test/hook',
    'http://[::1]:3000/',
    'https://[fd12:3456::1]:9443/',
    'http://100.64.0.1/',
    'http://[::ffff:127.0.0.1]:3000/',
  ]
  for (const url of accepted) {
    const result = await checkWebhookUrl(url, dev, fakeResolver())
    t.ok(result.ok, url)
  }
  const refused: [string, RegExp][] = [
    ['ftp://127.0.0.1/file', /^url must use http or https$/],
    ['http://user:pass@127.0.0.1:3000/', /^url must not contain credentials$/],
    ['http://a.b', /^url must be at least 12 characters$/],
    [`http://127.0.0.1:3000/${'a'.repeat(2000)}`, /^url must be at most 2000 characters$/],
    ['http://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['http://[fd00:ec2::254]/', /cloud metadata/],
    ['http://100.100.100.200/', /cloud metadata/],
    ['https://meta.example.test/', /cloud metadata/],
    ['http://169.254.10.1/', /link-local/],
    ['http://0.0.0.0:3000/', /unspecified/],
    ['http://224.0.0.1/', /multicast/],
    ['http://[64:ff9b::127.0.0.1]/', /NAT64/],
    ['https://nxdomain.example.test/', /^url host does not resolve$/],
  ]
  for (const [url, pattern] of refused) {
    const result = await checkWebhookUrl(url, dev, fakeResolver())
    t.match(result.ok ? 'accepted' : result.reason, pattern, url)
  }
})

t.test('checkWebhookUrlSyntax does no DNS', async (t) => {
  const result = checkWebhookUrlSyntax('https://mixed.example.test/hook', strict)
  t.ok(result.ok, 'a name is fine before resolution')
  t.same(checkWebhookUrlSyntax('https://localhost/hook', strict), {
    ok: false,
    reason: 'url host localhost is not a public hostname',
  })
  t.ok(checkWebhookUrlSyntax('https://127.0.0.1/hook', strict).ok, 'addresses are judged by resolveTarget')
})

t.test('addressRefusal', async (t) => {
  t.equal(addressRefusal('127.0.0.1', strict), '127.0.0.1 is a loopback address')
  t.equal(addressRefusal('10.1.2.3', strict), '10.1.2.3 is a private address')
  t.equal(addressRefusal('168.63.129.16', strict), '168.63.129.16 is a cloud metadata address')
  t.equal(addressRefusal('168.63.129.16', dev), '168.63.129.16 is a cloud metadata address', 'even in dev')
  t.equal(
    addressRefusal('::ffff:127.0.0.1', strict),
    '::ffff:127.0.0.1 is an IPv4-mapped form of 127.0.0.1, a loopback address',
  )
  t.equal(addressRefusal(PUBLIC_V4, strict), null)
  t.equal(addressRefusal(PUBLIC_V6, strict), null)
  t.equal(addressRefusal('2606:4700:4700::1111', strict), null)
  t.equal(addressRefusal('127.0.0.1', dev), null)
  t.equal(addressRefusal('fd12:3456::1', dev), null)
  t.equal(addressRefusal('hooks.example.test', strict), 'hooks.example.test is not an IP address')
  t.equal(addressRefusal('0x7f.1', dev), '0x7f.1 is not an IP address', 'only canonical literals are addresses')
  t.equal(addressRefusal('127.1', dev), '127.1 is not an IP address')
})

t.test('resolveTarget gives the vetted addresses', async (t) => {
  t.same(await resolveTarget('dual.example.test', strict, fakeResolver()), {
    ok: true,
    addresses: [PUBLIC_V4, PUBLIC_V6],
  })
  t.same(await resolveTarget('[2606:4700:4700::1111]', strict, fakeResolver()), {
    ok: true,
    addresses: ['2606:4700:4700::1111'],
  })
  t.same(await resolveTarget('twice.example.test', strict, async () => [PUBLIC_V4, PUBLIC_V4]), {
    ok: true,
    addresses: [PUBLIC_V4],
  })
  t.same(await resolveTarget('mixed.example.test', strict, fakeResolver()), {
    ok: false,
    reason: 'url host resolves to 127.0.0.1, a loopback address',
  })
  t.same(await resolveTarget('odd.example.test', strict, async () => ['not-an-address']), {
    ok: false,
    reason: 'url host resolves to not-an-address, not an IP address',
  })
})

t.test('systemResolver returns an IP literal as is (no network)', async (t) => {
  t.same(await systemResolver('127.0.0.1'), ['127.0.0.1'])
})

t.test('a bounded resolver answers within its deadline and caps lookups in flight', async (t) => {
  const never: Resolver = () => new Promise(() => {})
  const started = Date.now()
  const error = await boundResolver(never, { timeoutMs: 200, slots: new Slots(1) })('hang.example.test').catch(
    (caught: unknown) => caught,
  )
  t.type(error, DnsTimeoutError)
  t.ok(Date.now() - started < 1000, 'gave up at the deadline')
  const verdict = await resolveTarget(
    'hang.example.test',
    strict,
    boundResolver(never, { timeoutMs: 100, slots: new Slots(1) }),
  )
  t.same(verdict, { ok: false, reason: 'url host could not be resolved within 0.1 s' })

  let inFlight = 0
  let most = 0
  const slow: Resolver = async () => {
    inFlight += 1
    most = Math.max(most, inFlight)
    await new Promise((resolve) => setTimeout(resolve, 100))
    inFlight -= 1
    return [PUBLIC_V4]
  }
  const bounded = boundResolver(slow, { timeoutMs: 2000, slots: new Slots(2) })
  const answers = await Promise.all(Array.from({ length: 6 }, () => bounded('hooks.example.test')))
  t.same(
    answers,
    Array.from({ length: 6 }, () => [PUBLIC_V4]),
    'every lookup answered',
  )
  t.equal(most, 2, 'never more than 2 in flight')

  // A caller beyond the cap gives up at its own deadline while the slots stay busy.
  const slots = new Slots(1)
  const busy = boundResolver(() => new Promise((resolve) => setTimeout(() => resolve([PUBLIC_V4]), 500)), {
    timeoutMs: 2000,
    slots,
  })('hooks.example.test')
  const queued = await boundResolver(slow, { timeoutMs: 100, slots })('hooks.example.test').catch((caught) => caught)
  t.type(queued, DnsTimeoutError, 'the queued lookup timed out waiting for a slot')
  t.same(await busy, [PUBLIC_V4])
})

// --- the delivery connector, against a real server on loopback -------------------------------------

async function startServer(t: Test): Promise<{ port: number; hosts: string[] }> {
  const hosts: string[] = []
  const server = http.createServer((req, res) => {
    hosts.push(req.headers.host ?? '')
    req.resume()
    req.on('end', () => res.end('ok'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return { port: (server.address() as AddressInfo).port, hosts }
}

function agentFor(t: Test, options: Parameters<typeof createDeliveryAgent>[0]) {
  const agent = createDeliveryAgent(options)
  t.teardown(() => agent.close())
  return agent
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

t.test('the connector refuses a name resolving to loopback; the server sees nothing', async (t) => {
  const { port, hosts } = await startServer(t)
  const resolver = fakeResolver()
  records['loop.example.test'] = ['127.0.0.1']
  const agent = agentFor(t, { policy: strict, resolver })
  const error = await rejection(
    request(`http://loop.example.test:${port}/hook`, { dispatcher: agent, method: 'POST', body: '{}' }),
  )
  t.ok(error instanceof UnsafeTargetError, 'request() rejects with the connector error itself')
  t.equal((error as UnsafeTargetError).code, 'UNSAFE_TARGET')
  t.equal((error as Error).message, 'refused to connect to loop.example.test: 127.0.0.1 is a loopback address')
  t.equal((error as UnsafeTargetError).address, '127.0.0.1')
  t.ok(isUnsafeTargetError(error))
  t.same(resolver.calls, ['loop.example.test'])

  const fetchError = await rejection(fetch(`http://loop.example.test:${port}/hook`, { dispatcher: agent }))
  t.notOk(fetchError instanceof UnsafeTargetError, 'fetch() wraps connection errors…')
  t.ok(isUnsafeTargetError(fetchError), '…and isUnsafeTargetError finds the refusal in the cause chain')
  t.equal(((fetchError as Error).cause as { code?: string }).code, 'UNSAFE_TARGET')

  const literal = await rejection(request(`http://127.0.0.1:${port}/hook`, { dispatcher: agent }))
  t.equal((literal as Error).message, 'refused to connect to 127.0.0.1: 127.0.0.1 is a loopback address')
  const mixed = await rejection(request(`http://mixed.example.test:${port}/hook`, { dispatcher: agent }))
  t.ok(isUnsafeTargetError(mixed), 'one private address among public ones is enough to refuse')
  const named = await rejection(request(`http://localhost:${port}/hook`, { dispatcher: agent }))
  t.equal((named as Error).message, 'refused to connect to localhost: localhost is not a public hostname')
  t.equal(hosts.length, 0, 'the server received no request')
})

t.test('a name without records fails as not found, not as unsafe', async (t) => {
  const agent = agentFor(t, { policy: strict, resolver: fakeResolver() })
  const error = await rejection(request('http://nxdomain.example.test:9/hook', { dispatcher: agent }))
  t.equal((error as { code?: string }).code, 'ENOTFOUND')
  t.notOk(isUnsafeTargetError(error))
})

t.test('with allowPrivate the connector dials the vetted address for a name with no real DNS', async (t) => {
  const { port, hosts } = await startServer(t)
  const resolver = sequenceResolver([['127.0.0.1']])
  const agent = agentFor(t, { policy: dev, resolver })
  const response = await request(`http://hooks.example.test:${port}/hook`, {
    dispatcher: agent,
    method: 'POST',
    body: '{}',
  })
  t.equal(response.statusCode, 200)
  t.equal(await response.body.text(), 'ok')
  t.same(hosts, [`hooks.example.test:${port}`], 'the Host header keeps the registered name')
  t.same(resolver.calls, ['hooks.example.test'])
})

t.test('DNS rebinding: public at registration, loopback at delivery, refused at connect', async (t) => {
  const { port, hosts } = await startServer(t)
  const resolver = sequenceResolver([[PUBLIC_V4], ['127.0.0.1']])
  const registered = await checkWebhookUrl('https://rebind.example.test/hook', strict, resolver)
  t.ok(registered.ok, 'registration saw a public address')
  const agent = agentFor(t, { policy: strict, resolver })
  const error = await rejection(request(`http://rebind.example.test:${port}/hook`, { dispatcher: agent }))
  t.equal((error as Error).message, 'refused to connect to rebind.example.test: 127.0.0.1 is a loopback address')
  t.ok(isUnsafeTargetError(error))
  t.same(resolver.calls, ['rebind.example.test', 'rebind.example.test'], 'the connector resolved again')
  t.equal(hosts.length, 0)
})

t.test('every new connection is vetted again', async (t) => {
  const { port, hosts } = await startServer(t)
  const resolver = sequenceResolver([['127.0.0.1'], ['169.254.169.254']])
  const agent = agentFor(t, { policy: dev, resolver })
  const first = await request(`http://hooks.example.test:${port}/hook`, { dispatcher: agent, reset: true })
  t.equal(first.statusCode, 200)
  await first.body.text()
  const error = await rejection(request(`http://hooks.example.test:${port}/hook`, { dispatcher: agent, reset: true }))
  t.equal(
    (error as Error).message,
    'refused to connect to hooks.example.test: 169.254.169.254 is a cloud metadata address',
  )
  t.same(resolver.calls, ['hooks.example.test', 'hooks.example.test'])
  t.equal(hosts.length, 1, 'only the first request arrived')
})

t.test('an IPv4-mapped literal is dialed as the IPv4 address it stands for', async (t) => {
  const { port, hosts } = await startServer(t)
  const agent = agentFor(t, { policy: dev, resolver: fakeResolver() })
  const response = await request(`http://[::ffff:127.0.0.1]:${port}/hook`, { dispatcher: agent })
  t.equal(response.statusCode, 200)
  await response.body.text()
  t.equal(hosts.length, 1, 'reached the server listening on 127.0.0.1 only')
})

t.test('https dials the vetted address with the registered name as TLS servername (SNI)', async (t) => {
  // A plain TCP server that keeps the ClientHello (SNI travels in clear) and hangs up.
  const hellos: Buffer[] = []
  const server = net.createServer((socket) => {
    socket.once('data', (chunk) => {
      hellos.push(chunk)
      socket.destroy()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as AddressInfo
  const agent = agentFor(t, { policy: dev, resolver: sequenceResolver([['127.0.0.1']]) })

  await rejection(request(`https://hooks.example.test:${port}/hook`, { dispatcher: agent }))
  t.equal(hellos.length, 1, 'the TLS handshake reached the vetted address')
  t.ok(hellos[0]?.includes(Buffer.from('hooks.example.test')), 'SNI carries the registered hostname')

  await rejection(request(`https://127.0.0.1:${port}/hook`, { dispatcher: agent }))
  t.equal(hellos.length, 2)
  t.notOk(hellos[1]?.includes(Buffer.from('127.0.0.1')), 'no SNI for an IP literal')
})

// The SSRF guard for webhook deliveries: which URLs a customer may register and which addresses the
// appliance may dial when it POSTs to them.
//
// Two layers, both needed:
// - registration (create / PATCH url) calls `checkWebhookUrl`: syntax, then DNS, every address checked;
// - every delivery goes through `createDeliveryAgent`, whose connector resolves the name again, checks
//   every address again and dials the vetted address itself. The registration check alone would be
//   defeated by DNS rebinding (a name that answered 93.184.216.34 at registration and 127.0.0.1 at
//   delivery); dialing the vetted address (instead of letting the socket resolve the name a second
//   time) closes the gap between check and use.
//
// Address classification uses ipaddr.js range names. Tunnelled forms of IPv4 inside IPv6:
// - IPv4-mapped (::ffff:a.b.c.d) is unwrapped and the embedded IPv4 address is judged: a socket to a
//   mapped address is an IPv4 connection to exactly that address, so judging the IPv4 is exact.
// - IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and
//   64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32) are refused outright, whatever they
//   embed: where such a packet ends up is decided by a translator or relay, which on the appliance's
//   network may well reach private space, and no webhook receiver needs to be published that way.
import dns from 'node:dns'
import net from 'node:net'
import ipaddr from 'ipaddr.js'
import { Agent, buildConnector } from 'undici'

export interface TargetPolicy {
  /**
   * Dev/test escape hatch. When true: `http://` is allowed too, any port, any hostname (`localhost`,
   * single-label names such as a compose service), and loopback, private (RFC 1918), CGNAT and IPv6
   * unique-local addresses. Still refused: credentials in the URL, bad length, other schemes, and the
   * addresses that are never a receiver (cloud metadata, link-local, multicast, unspecified, broadcast,
   * reserved, tunnelled forms).
   */
  allowPrivate: boolean
}

/**
 * All addresses of a hostname (A and AAAA). Tests inject fakes. `signal` aborts when the caller has
 * stopped waiting (a cancellable resolver gives its sockets back then).
 */
export type Resolver = (hostname: string, signal?: AbortSignal) => Promise<string[]>

/** How long a name may take and how many lookups run at once (see `boundResolver`). */
export interface ResolverBounds {
  /** For the whole lookup, time waiting for a free slot included. */
  timeoutMs: number
  /** Queries to each name server within that time (c-ares retries). */
  tries: number
  /** Lookups in flight at once, process-wide (`sharedDnsSlots`). */
  maxConcurrent: number
}

export const defaultResolverBounds: ResolverBounds = { timeoutMs: 2000, tries: 2, maxConcurrent: 8 }

const emptyAnswers = new Set<string | undefined>([dns.NOTFOUND, dns.NODATA])

/**
 * DNS through c-ares (`dns.promises.Resolver`): its own sockets, not libuv's 4-thread pool that
 * getaddrinfo (`dns.lookup`) shares with file I/O and crypto, with per-query timeouts and tries, and
 * cancellable. A name that does not exist resolves to []. c-ares does not read /etc/hosts: `localhost`
 * is answered as RFC 6761 says, and `hostsFile` (for development, where private targets are allowed)
 * falls back to getaddrinfo for names the DNS does not know.
 */
export function createSystemResolver(
  options: { hostsFile?: boolean; timeoutMs?: number; tries?: number } = {},
): Resolver {
  const tries = options.tries ?? defaultResolverBounds.tries
  const perTryMs = Math.max(100, Math.floor((options.timeoutMs ?? defaultResolverBounds.timeoutMs) / tries))
  return async (hostname, signal) => {
    const name = unbracket(hostname).toLowerCase().replace(/\.$/, '')
    if (net.isIP(name) !== 0) return [name]
    if (name === 'localhost' || name.endsWith('.localhost')) return ['127.0.0.1', '::1']
    const resolver = new dns.promises.Resolver({ timeout: perTryMs, tries })
    const cancel = () => resolver.cancel()
    signal?.addEventListener('abort', cancel, { once: true })
    try {
      const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)])
      const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []))
      if (addresses.length > 0) return addresses
      const failure = answers.find(
        (answer): answer is PromiseRejectedResult =>
          answer.status === 'rejected' && !emptyAnswers.has((answer.reason as NodeJS.ErrnoException).code),
      )
      if (failure) throw failure.reason
      if (!options.hostsFile || signal?.aborted) return []
      return await lookupHostsFile(name)
    } finally {
      signal?.removeEventListener('abort', cancel)
    }
  }
}

/** getaddrinfo, so /etc/hosts counts (development only: it cannot be cancelled). */
async function lookupHostsFile(hostname: string): Promise<string[]> {
  try {
    const records = await dns.promises.lookup(hostname, { all: true, verbatim: true })
    return records.map((record) => record.address)
  } catch (error) {
    if (emptyAnswers.has((error as NodeJS.ErrnoException).code)) return []
    throw error
  }
}

/** A lookup that did not finish within its bound. */
export class DnsTimeoutError extends Error {
  readonly code = 'ETIMEOUT' as const
  readonly timeoutMs: number
  constructor(hostname: string, timeoutMs: number) {
    super(`resolving ${hostname} took longer than ${timeoutMs / 1000} s`)
    this.name = 'DnsTimeoutError'
    this.timeoutMs = timeoutMs
  }
}

/** A counting semaphore whose waiters give up when their signal aborts. */
export class Slots {
  private free: number
  private readonly waiting: (() => void)[] = []

  constructor(size: number) {
    this.free = size
  }

  /** Resolves with a release function, or rejects with the signal's reason. */
  acquire(signal: AbortSignal): Promise<() => void> {
    const release = () => {
      const next = this.waiting.shift()
      if (next) next()
      else this.free += 1
    }
    if (this.free > 0) {
      this.free -= 1
      return Promise.resolve(once(release))
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', giveUp)
        resolve(once(release))
      }
      const giveUp = () => {
        const index = this.waiting.indexOf(grant)
        if (index >= 0) this.waiting.splice(index, 1)
        reject(signal.reason)
      }
      this.waiting.push(grant)
      signal.addEventListener('abort', giveUp, { once: true })
    })
  }
}

function once(action: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    action()
  }
}

/** One cap for the whole process: the API's url checks and the worker's connections share it. */
export const sharedDnsSlots = new Slots(defaultResolverBounds.maxConcurrent)

/**
 * A resolver that answers within `timeoutMs` or fails with `DnsTimeoutError`, and that runs at most
 * `slots` lookups at once. A slot is held until the underlying lookup really ends (a cancelled c-ares
 * query ends at once; an uncancellable one keeps its slot), so a slow DNS server cannot pile up
 * lookups without bound; callers beyond the cap wait for a slot within their own deadline.
 */
export function boundResolver(resolver: Resolver, options: { timeoutMs?: number; slots?: Slots } = {}): Resolver {
  const timeoutMs = options.timeoutMs ?? defaultResolverBounds.timeoutMs
  const slots = options.slots ?? sharedDnsSlots
  return async (hostname, outerSignal) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new DnsTimeoutError(hostname, timeoutMs)), timeoutMs)
    const stop = () => controller.abort(outerSignal?.reason)
    outerSignal?.addEventListener('abort', stop, { once: true })
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
    })
    aborted.catch(() => {})
    try {
      const release = await slots.acquire(controller.signal)
      const lookup = resolver(hostname, controller.signal)
      lookup.then(release, release)
      return await Promise.race([lookup, aborted])
    } finally {
      clearTimeout(timer)
      outerSignal?.removeEventListener('abort', stop)
    }
  }
}

/** The system's DNS (c-ares), bounded: what production uses for url checks and delivery connections. */
export const systemResolver: Resolver = boundResolver(createSystemResolver())
const systemResolverWithHostsFile: Resolver = boundResolver(createSystemResolver({ hostsFile: true }))

/** The bounded resolver for a target policy: an injected one (tests) is bounded like the system's. */
export function webhookResolver(policy: TargetPolicy, injected?: Resolver): Resolver {
  if (injected) return boundResolver(injected)
  return policy.allowPrivate ? systemResolverWithHostsFile : systemResolver
}

export const WEBHOOK_URL_MIN_LENGTH = 12
export const WEBHOOK_URL_MAX_LENGTH = 2000
const PUBLIC_PORTS = new Set(['', '443', '8443']) // '' is the scheme's default port: the URL parser drops an explicit :443

/** Names that cannot be a public host (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal, common resolver defaults). `.test` is deliberately not here: the tests use it through an injected resolver. */
const PRIVATE_NAME_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain', '.invalid']

/** Refused under every policy, also where the range would otherwise pass (168.63.129.16 is plain unicast; the others are in ranges that `allowPrivate` opens). */
const METADATA_ADDRESSES = [
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean... instance metadata
  '169.254.170.2', // AWS ECS task metadata and credentials
  'fd00:ec2::254', // AWS instance metadata over IPv6
  '100.100.100.200', // Alibaba Cloud metadata
  '168.63.129.16', // Azure wire server
  '192.0.0.192', // Oracle Cloud metadata
].map((address) => ipaddr.parse(address))

/** Ranges `allowPrivate: true` opens. */
const DEV_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal'])

const RANGE_DESCRIPTIONS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  uniqueLocal: 'a unique local (private) address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved or documentation address',
  benchmarking: 'a benchmarking address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parse('2000::')

interface Judgement {
  /** null when acceptable under the policy; otherwise a noun phrase: "a loopback address". */
  refusal: string | null
}

function judgeAddress(address: string, policy: TargetPolicy): Judgement {
  if (net.isIP(address) === 0) return { refusal: 'not an IP address' }
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(address)
  } catch {
    return { refusal: 'not an IP address' }
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6
    if (v6.isIPv4MappedAddress()) {
      const embedded = v6.toIPv4Address()
      const inner = judgeParsed(embedded, policy)
      return inner === null ? { refusal: null } : { refusal: `an IPv4-mapped form of ${embedded.toString()}, ${inner}` }
    }
    const [p0, p1, p2, p3, p4, p5] = v6.parts
    if (p0 === 0 && p1 === 0 && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0 && v6.range() === 'unicast') {
      // ::a.b.c.d other than :: and ::1 (those have range names of their own)
      return { refusal: `an IPv4-compatible address (embeds ${embeddedIPv4(v6)})` }
    }
  }
  return { refusal: judgeParsed(parsed, policy) }
}

function embeddedIPv4(v6: ipaddr.IPv6): string {
  const bytes = v6.toByteArray().slice(12)
  return bytes.join('.')
}

function judgeParsed(parsed: ipaddr.IPv4 | ipaddr.IPv6, policy: TargetPolicy): string | null {
  for (const metadata of METADATA_ADDRESSES) {
    if (metadata.kind() === parsed.kind() && parsed.match(metadata, parsed.kind() === 'ipv4' ? 32 : 128)) {
      return 'a cloud metadata address'
    }
  }
  const range: string = parsed.range()
  if (range === 'unicast') {
    // ipaddr.js calls "unicast" whatever is in none of its special ranges; for IPv6 that includes
    // unallocated space outside 2000::/3, the only block in use for global unicast.
    if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6, 3)) return 'not a global unicast address'
    return null
  }
  if (policy.allowPrivate && DEV_RANGES.has(range)) return null
  if (range === 'rfc6052' || range === '6to4' || range === 'teredo') {
    return `${RANGE_DESCRIPTIONS[range]} (a tunnelled form, refused whatever it embeds)`
  }
  return RANGE_DESCRIPTIONS[range] ?? `a special-purpose address (${range})`
}

/** Why an address may not be a target, or null when it is acceptable under the policy. */
export function addressRefusal(address: string, policy: TargetPolicy): string | null {
  const { refusal } = judgeAddress(address, policy)
  return refusal === null ? null : `${address} is ${refusal}`
}

/** Syntax-only check (no DNS). reason is a sentence for an API error message, e.g. "url must use https". */
export function checkWebhookUrlSyntax(
  url: string,
  policy: TargetPolicy,
): { ok: true; url: URL } | { ok: false; reason: string } {
  if (typeof url !== 'string') return { ok: false, reason: 'url must be a string' }
  if (url.length < WEBHOOK_URL_MIN_LENGTH) {
    return { ok: false, reason: `url must be at least ${WEBHOOK_URL_MIN_LENGTH} characters` }
  }
  if (url.length > WEBHOOK_URL_MAX_LENGTH) {
    return { ok: false, reason: `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` }
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return { ok: false, reason: 'url must be an absolute URL' }
  }
  const schemeOk = parsed.protocol === 'https:' || (policy.allowPrivate && parsed.protocol === 'http:')
  if (!schemeOk) return { ok: false, reason: policy.allowPrivate ? 'url must use http or https' : 'url must use https' }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: 'url must not contain credentials' }
  }
  if (!policy.allowPrivate && !PUBLIC_PORTS.has(parsed.port)) {
    return { ok: false, reason: 'url must use port 443 or 8443' }
  }
  const host = unbracket(parsed.hostname)
  if (host === '') return { ok: false, reason: 'url must have a host' }
  if (!policy.allowPrivate && net.isIP(host) === 0) {
    const refusal = nameRefusal(host)
    if (refusal !== null) return { ok: false, reason: `url host ${host} ${refusal}` }
  }
  return { ok: true, url: parsed }
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname
}

/** A sentence tail ("is not a public hostname") or null. Only applied when private targets are not allowed. */
function nameRefusal(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  if (name === 'localhost' || PRIVATE_NAME_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return 'is not a public hostname'
  }
  if (!name.includes('.')) return 'is not a public hostname (it has no dot)'
  return null
}

type Vetting =
  | { ok: true; addresses: string[] }
  | { ok: false; kind: 'name'; refusal: string }
  | { ok: false; kind: 'literal'; address: string; refusal: string }
  | { ok: false; kind: 'resolved'; address: string; refusal: string }
  | { ok: false; kind: 'no-records' }

/** Resolver errors propagate; the caller decides how to report them. */
async function vet(hostname: string, policy: TargetPolicy, resolver: Resolver): Promise<Vetting> {
  const host = unbracket(hostname)
  if (net.isIP(host) !== 0) {
    const { refusal } = judgeAddress(host, policy)
    return refusal === null ? { ok: true, addresses: [host] } : { ok: false, kind: 'literal', address: host, refusal }
  }
  if (!policy.allowPrivate) {
    const refusal = nameRefusal(host)
    if (refusal !== null) return { ok: false, kind: 'name', refusal }
  }
  const addresses = [...new Set(await resolver(host))]
  if (addresses.length === 0) return { ok: false, kind: 'no-records' }
  for (const address of addresses) {
    const { refusal } = judgeAddress(address, policy)
    if (refusal !== null) return { ok: false, kind: 'resolved', address, refusal }
  }
  return { ok: true, addresses }
}

/** Resolve (or take the IP literal), check every address; ok gives the vetted addresses. */
export async function resolveTarget(
  hostname: string,
  policy: TargetPolicy,
  resolver: Resolver,
): Promise<{ ok: true; addresses: string[] } | { ok: false; reason: string }> {
  const host = unbracket(hostname)
  let vetting: Vetting
  try {
    vetting = await vet(host, policy, resolver)
  } catch (error) {
    if (error instanceof DnsTimeoutError) {
      return { ok: false, reason: `url host could not be resolved within ${error.timeoutMs / 1000} s` }
    }
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    return { ok: false, reason: `url host could not be resolved${typeof code === 'string' ? ` (${code})` : ''}` }
  }
  if (vetting.ok) return vetting
  switch (vetting.kind) {
    case 'name':
      return { ok: false, reason: `url host ${host} ${vetting.refusal}` }
    case 'literal':
      return { ok: false, reason: `url host ${vetting.address} is ${vetting.refusal}` }
    case 'resolved':
      return { ok: false, reason: `url host resolves to ${vetting.address}, ${vetting.refusal}` }
    case 'no-records':
      return { ok: false, reason: 'url host does not resolve' }
  }
}

/** Syntax + resolve: what registration (create/PATCH url) calls. */
export async function checkWebhookUrl(
  url: string,
  policy: TargetPolicy,
  resolver: Resolver,
): Promise<{ ok: true; url: URL } | { ok: false; reason: string }> {
  const syntax = checkWebhookUrlSyntax(url, policy)
  if (!syntax.ok) return syntax
  const target = await resolveTarget(syntax.url.hostname, policy, resolver)
  if (!target.ok) return target
  return syntax
}

/**
 * The delivery connector's refusal. How to detect it in what undici hands back:
 * - `request()` / `dispatcher.dispatch()` reject with this very error: `error.code === 'UNSAFE_TARGET'`;
 * - `fetch()` wraps connection errors (`TypeError: fetch failed` with the refusal as `error.cause`).
 * `isUnsafeTargetError(error)` checks the error and its `cause` chain, so it covers both.
 */
export class UnsafeTargetError extends Error {
  readonly code = 'UNSAFE_TARGET' as const
  readonly hostname: string
  /** The refused address; undefined when the name itself was refused (e.g. localhost). */
  readonly address: string | undefined

  constructor(message: string, hostname: string, address?: string) {
    super(message)
    this.name = 'UnsafeTargetError'
    this.hostname = hostname
    this.address = address
  }
}

/** True for an UnsafeTargetError or any error whose `cause` chain holds one (fetch wraps it). */
export function isUnsafeTargetError(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === 'UNSAFE_TARGET') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** A name that resolves to nothing at delivery time. Not an UnsafeTargetError: deleted DNS records are a delivery failure to retry, not an attack. */
class TargetNotFoundError extends Error {
  readonly code = 'ENOTFOUND' as const
  constructor(hostname: string) {
    super(`${hostname} does not resolve`)
    this.name = 'TargetNotFoundError'
  }
}

class ResolveTimeoutError extends Error {
  readonly code = 'UND_ERR_CONNECT_TIMEOUT' as const
  constructor(hostname: string, timeoutMs: number) {
    super(`resolving ${hostname} took longer than ${timeoutMs} ms`)
    this.name = 'ResolveTimeoutError'
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), timeoutMs)
    timer.unref()
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * An undici Agent whose connect resolves the hostname itself, refuses unless every address passes, and
 * dials the vetted address (TLS servername = original hostname when it is not an IP literal), so the
 * socket never does a DNS lookup of its own that could answer differently. undici skips `connect.lookup`
 * for IP-literal hosts, hence a custom connect function wrapping buildConnector rather than a lookup hook.
 *
 * Every new connection is vetted again (keep-alive sockets stay on the address they were vetted for).
 * With several vetted addresses the first one (system order) is dialed. `connectTimeoutMs` bounds the
 * resolution and, separately, the TCP/TLS connect.
 * Refusals are `UnsafeTargetError` (see there for how to detect them through undici); a resolver
 * failure is passed through as is, a name without records fails with code ENOTFOUND.
 */
export function createDeliveryAgent(options: {
  policy: TargetPolicy
  resolver?: Resolver
  connectTimeoutMs?: number
  keepAliveTimeoutMs?: number
  connections?: number
}): Agent {
  const policy = { ...options.policy }
  const resolver = options.resolver ?? webhookResolver(policy)
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000
  const connector = buildConnector({ timeout: connectTimeoutMs })

  const connect: buildConnector.connector = (connectOptions, callback) => {
    const hostname = unbracket(connectOptions.hostname)
    const isLiteral = net.isIP(hostname) !== 0
    withTimeout(
      vet(hostname, policy, resolver),
      connectTimeoutMs,
      () => new ResolveTimeoutError(hostname, connectTimeoutMs),
    ).then(
      (vetting) => {
        if (!vetting.ok) {
          callback(refusalError(hostname, vetting), null)
          return
        }
        const address = dialAddress(vetting.addresses[0] as string) // vet() never returns ok with no addresses
        const servername = isLiteral ? undefined : (connectOptions.servername ?? hostname.replace(/\.$/, ''))
        try {
          connector({ ...connectOptions, hostname: address, ...(servername ? { servername } : {}) }, callback)
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)), null)
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    )
  }

  return new Agent({
    connect,
    ...(options.keepAliveTimeoutMs !== undefined ? { keepAliveTimeout: options.keepAliveTimeoutMs } : {}),
    ...(options.connections !== undefined ? { connections: options.connections } : {}),
  })
}

/** An IPv4-mapped address is dialed as the IPv4 address it stands for (works on hosts without IPv6). */
function dialAddress(address: string): string {
  if (!net.isIPv6(address)) return address
  const parsed = ipaddr.IPv6.parse(address)
  return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address().toString() : address
}

function refusalError(hostname: string, vetting: Exclude<Vetting, { ok: true }>): Error {
  switch (vetting.kind) {
    case 'name':
      return new UnsafeTargetError(`refused to connect to ${hostname}: ${hostname} ${vetting.refusal}`, hostname)
    case 'literal':
    case 'resolved':
      return new UnsafeTargetError(
        `refused to connect to ${hostname}: ${vetting.address} is ${vetting.refusal}`,
        hostname,
        vetting.address,
      )
    case 'no-records':
      return new TargetNotFoundError(hostname)
  }
}

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import formatsModule from 'ajv-formats'
import tap from 'tap'
import type { Operation } from '../../src/platform/operation.js'
import { buildOpenApiDocument } from '../../src/server/openapi.js'
import { apiOperations } from '../../src/server/routes/index.js'

// ajv-formats is CommonJS with `exports.default`; under NodeNext its default import is the module object.
const addFormats = (formatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default

type JsonObject = Record<string, unknown>

interface DocumentOperation {
  template: string
  matcher: RegExp
  method: string
  responses: Record<string, JsonObject>
}

/** `/customers/{public_id}` matches `/v1/customers/cus_x` (one segment per parameter). */
function templateMatcher(template: string): RegExp {
  const escaped = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+')
  return new RegExp(`^/v1${escaped}$`)
}

/** One response the test suite received, as the server answered it. */
export interface ObservedResponse {
  method: string
  /** The request URL as sent: path and query. */
  url: string
  status: number
  contentType: string | undefined
  /** The body text; undefined when it was not text (a stream). */
  body: string | undefined
}

// Outside /v1 and not in the document: served without a key; their 2xx bodies are checked here.
const healthRoutes: Record<string, JsonObject> = {
  '/healthz': {
    type: 'object',
    properties: { status: { const: 'ok' } },
    required: ['status'],
  },
  '/readyz': {
    type: 'object',
    properties: { status: { const: 'ok' }, database: { const: 'reachable' }, migrations: { const: 'current' } },
    required: ['status', 'database', 'migrations'],
  },
}

/**
 * Checks responses against the OpenAPI document the server serves (built from the same operations):
 * the status must be one the operation documents, and the JSON body must be valid against that
 * status's schema under JSON Schema 2020-12, the dialect of OpenAPI 3.1 (so `$ref` siblings apply).
 * A route the document does not know may only answer an error, in the Error envelope.
 */
export class ContractChecker {
  readonly document: JsonObject
  readonly #ajv: Ajv2020
  readonly #operations: DocumentOperation[]
  readonly #validators = new Map<string, ValidateFunction>()

  /** `document`: an OpenAPI 3.1 document as served (JSON); by default the one of `apiOperations`. */
  constructor(document: JsonObject = buildOpenApiDocument(apiOperations)) {
    this.document = JSON.parse(JSON.stringify(document)) as JsonObject
    // strict: false because OpenAPI annotations (example, x-field-visibility) are not JSON Schema keywords.
    this.#ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(this.#ajv)
    const paths = this.document.paths as Record<string, Record<string, JsonObject>>
    this.#operations = Object.entries(paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        template,
        method: method.toUpperCase(),
        matcher: templateMatcher(template),
        responses: operation.responses as Record<string, JsonObject>,
      })),
    )
  }

  /** What is wrong with this response; an empty list when it honours the document. */
  problems(response: ObservedResponse): string[] {
    const method = response.method === 'HEAD' ? 'GET' : response.method
    const rawPath = response.url.split('?')[0] ?? '/'
    // The router ignores one trailing slash, so the document's path is the one without it.
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath
    const operation = this.#operations.find((candidate) => candidate.method === method && candidate.matcher.test(path))
    if (operation) {
      const status = String(response.status)
      const documented = operation.responses[status]
      if (!documented) {
        return [`status ${status} is not documented for ${operation.method} ${operation.template}`]
      }
      const described = this.#resolveResponse(documented)
      const schema = (described.content as Record<string, { schema?: JsonObject }> | undefined)?.['application/json']
        ?.schema
      if (!schema) return []
      return this.#validate(`${operation.method} ${operation.template} ${status}`, schema, response)
    }
    // GET /metrics (outside /v1, not in the document): Prometheus text; test/helpers/prometheus.ts parses it.
    if (path === '/metrics' && method === 'GET' && response.status === 200) {
      return /^text\/plain; version=0\.0\.4\b/.test(response.contentType ?? '')
        ? []
        : [`GET /metrics answered ${response.contentType ?? 'without Content-Type'}, not Prometheus text 0.0.4`]
    }
    // /mcp (outside /v1, not in the document): JSON-RPC, read by the MCP clients of test/server/mcp; a
    // refusal before the transport (401, 413, 429) is the API's envelope, checked below.
    if (path === '/mcp' && (response.status < 400 || response.status === 405)) return []
    // GET /docs and its renderer (outside /v1, not in the document): the API reference page.
    if (path === '/docs' && method === 'GET' && response.status === 200) {
      return /^text\/html; charset=utf-8$/.test(response.contentType ?? '')
        ? []
        : [`GET /docs answered ${response.contentType ?? 'without Content-Type'}, not HTML`]
    }
    if (/^\/docs\/redoc-[0-9.]+\.standalone\.js$/.test(path) && method === 'GET' && response.status === 200) {
      return /^text\/javascript\b/.test(response.contentType ?? '')
        ? []
        : [`GET ${path} answered ${response.contentType ?? 'without Content-Type'}, not JavaScript`]
    }
    const health = path in healthRoutes && method === 'GET' ? healthRoutes[path] : undefined
    if (health && response.status === 200) return this.#validate(`GET ${path} 200`, health, response)
    if (response.status < 400) {
      return [`${response.method} ${path} is not in the document, yet answered ${response.status}`]
    }
    return this.#validate('Error', { $ref: '#/components/schemas/Error' }, response)
  }

  #resolveResponse(response: JsonObject): JsonObject {
    const ref = response.$ref
    if (typeof ref !== 'string') return response
    const name = ref.replace('#/components/responses/', '')
    return (this.document.components as { responses: Record<string, JsonObject> }).responses[name] ?? {}
  }

  #validate(key: string, schema: JsonObject, response: ObservedResponse): string[] {
    if (response.method === 'HEAD') return []
    if (!/^application\/json\b/.test(response.contentType ?? '')) {
      return [`the document says JSON, the response is ${response.contentType ?? 'without Content-Type'}`]
    }
    if (response.body === undefined) return ['the document says JSON, the response body is a stream']
    let body: unknown
    try {
      body = JSON.parse(response.body)
    } catch {
      return [`the body is not JSON: ${response.body.slice(0, 200)}`]
    }
    let validate = this.#validators.get(key)
    if (!validate) {
      // The response schema's `#/components/...` references resolve inside the document's components.
      validate = this.#ajv.compile({ ...schema, components: this.document.components })
      this.#validators.set(key, validate)
    }
    if (validate(body)) return []
    return (validate.errors ?? []).map(
      (error) => `${error.instancePath || '(body)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    )
  }
}

const checkers = new WeakMap<Operation[], ContractChecker>()

/** One checker per set of operations per test process: the document is built and compiled once. */
export function contractChecker(operations: Operation[] = apiOperations): ContractChecker {
  let checker = checkers.get(operations)
  if (!checker) {
    checker = new ContractChecker(buildOpenApiDocument(operations))
    checkers.set(operations, checker)
  }
  return checker
}

/** A one-line account of a response that breaks the contract, for a failing assertion. */
export function describeViolation(response: ObservedResponse, problems: string[]): string {
  const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '')
  return `${response.method} ${response.url} answered ${response.status} against the OpenAPI document: ${shown}`
}

/**
 * fetch() for servers the test did not build in-process (a spawned `shopapi serve`): the response is
 * checked like those of startTestApp, and a problem or any 500 fails the test file (reported on tap's
 * root test, since these helpers are not handed the running test).
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init)
  const { pathname, search } = new URL(url)
  const observed: ObservedResponse = {
    method: (init.method ?? 'GET').toUpperCase(),
    url: `${pathname}${search}`,
    status: response.status,
    contentType: response.headers.get('content-type') ?? undefined,
    body: await response.clone().text(),
  }
  if (observed.status === 500) tap.fail(`unexpected 500 from ${observed.method} ${observed.url}: ${observed.body}`)
  const problems = contractChecker().problems(observed)
  if (problems.length > 0) tap.fail(describeViolation(observed, problems))
  return response
}

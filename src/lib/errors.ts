// One error type for the whole service, rendered once by the errors plugin.
export const errorStatus = {
  invalid_request: 400,
  invalid_json: 400,
  invalid_id: 400,
  invalid_cursor: 400,
  no_changes: 400,
  idempotency_key_required: 400,
  invalid_api_key: 401,
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  external_id_in_use: 409,
  version_conflict: 409,
  idempotency_key_in_use: 409,
  webhook_endpoint_limit: 409,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const

export type ErrorCode = keyof typeof errorStatus

export interface Blocker {
  type: string
  reason: string
  message: string
  resolution: string[]
}

export class ApiError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly param: string | null
  readonly blockers: Blocker[]
  readonly headers: Record<string, string>

  constructor(
    code: ErrorCode,
    message: string,
    options: { param?: string | null; blockers?: Blocker[]; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = errorStatus[code]
    this.param = options.param ?? null
    this.blockers = options.blockers ?? []
    this.headers = options.headers ?? {}
  }
}

/** Errors a CLI command reports as one line: bad input from the person at the terminal. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/**
 * 409 conflict for a reference to a record that is deactivated (a canned job, a technician): blocker
 * `<type>/inactive`, with what to use instead.
 */
export function inactiveReferenceError(reference: {
  type: string
  /** How a sentence starts naming it: `Technician`, `Canned job`. */
  noun: string
  publicId: string
  name: string
  param: string
  resolution: string
}): ApiError {
  const { type, noun, publicId, name, param, resolution } = reference
  return new ApiError('conflict', `${noun} ${publicId} (${name}) is inactive`, {
    param,
    blockers: [{ type, reason: 'inactive', message: `${publicId} is inactive`, resolution: [resolution] }],
  })
}

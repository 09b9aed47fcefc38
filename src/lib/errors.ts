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

/**
 * A database a newer shopapi migrated: it holds a migration this build has no file for (or, under a
 * number this build knows, one of another name). An older build must not run on it: its SQL would
 * read and write tables whose meaning it does not know, and postgres-migrations only compares the
 * files it has. The way out is the newer package, never a downgrade of the schema (src/db/migrate.ts
 * detects it; here so the CLI can name it without loading the database code).
 */
export class NewerSchemaError extends Error {
  readonly code = 'database_newer'
  constructor(readonly migration: string) {
    super(`this database was migrated by a newer shopapi (migration ${migration}); install that version or newer`)
    this.name = 'NewerSchemaError'
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

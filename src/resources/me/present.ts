import { allScopes, type Scope } from '../../lib/scopes.js'
import type { Operation } from '../../platform/operation.js'
import { type RedactedField, redactedFieldsOf } from '../../platform/redaction.js'
import type { AuthContext } from '../../platform/tenancy/api-keys.js'
import type { ApiKeyIntrospection, IntrospectedOperation, Redaction } from './schema.js'
import type { IntrospectedKeyRow } from './service.js'

interface OperationRules {
  operation: Operation
  redactable: RedactedField[]
}

/**
 * What decides each operation for a key: the scopes the auth hook checks (`operation.scopes`) and the
 * redactable fields the runner nulls (`redactedFieldsOf` of the response schema), both read from the
 * operations the server registers, never from a list of their own.
 */
export function operationRules(operations: Operation[]): OperationRules[] {
  return operations.map((operation) => ({ operation, redactable: redactedFieldsOf(operation.success.schema) }))
}

const catalogueOrder = new Map<string, number>(allScopes.map((scope, index) => [scope, index]))

/** Catalogue order; a stored name the catalogue no longer knows goes last, by name. */
function inCatalogueOrder(scopes: Iterable<string>): string[] {
  const rank = (scope: string) => catalogueOrder.get(scope) ?? allScopes.length
  return [...scopes].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

function introspectOperation({ operation, redactable }: OperationRules, scopes: ReadonlySet<Scope>) {
  const required = operation.scopes ?? []
  const missing = required.filter((scope) => !scopes.has(scope))
  return {
    operation_id: operation.operationId,
    method: operation.method,
    path: `/v1${operation.path}`,
    allowed: missing.length === 0,
    required_scopes: [...required],
    missing_scopes: missing,
    redacted_fields: redactable.filter((field) => !scopes.has(field.scope)).map((field) => field.pointer),
  } satisfies IntrospectedOperation
}

/** Each hidden field once, by the resource that holds it, whichever operations show it. */
function redactionsOf(rules: OperationRules[], scopes: ReadonlySet<Scope>): Redaction[] {
  const found = new Map<string, Redaction>()
  for (const { redactable } of rules) {
    for (const field of redactable) {
      if (scopes.has(field.scope)) continue
      const object = field.owner.object ?? 'unknown'
      const pointer = field.owner.object ? field.owner.pointer : field.pointer
      found.set(`${object} ${pointer}`, { object, pointer, needs_scope: field.scope })
    }
  }
  return [...found.values()].sort((a, b) => a.object.localeCompare(b.object) || a.pointer.localeCompare(b.pointer))
}

export function toApiKeyIntrospection(
  row: IntrospectedKeyRow,
  auth: AuthContext,
  rules: OperationRules[],
): ApiKeyIntrospection {
  return {
    object: 'api_key_introspection',
    key: {
      id: row.key_public_id,
      prefix: row.display_prefix,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at?.toISOString() ?? null,
    },
    integration: { id: row.integration_public_id, name: row.integration_name },
    shop: { id: auth.shop.public_id, name: auth.shop.name, timezone: auth.shop.timezone },
    scopes: inCatalogueOrder(auth.scopes),
    operations: rules.map((rule) => introspectOperation(rule, auth.scopes)),
    redactions: redactionsOf(rules, auth.scopes),
  }
}

import type { z } from 'zod'
import type { Scope } from '../lib/scopes.js'
import { visible } from './schemas.js'

/**
 * A response field that needs a further scope (spec "Redaction"): declared once, here, on the schema.
 * Without the scope the runner sends it as null and lists its pointer in `redacted_fields`; the
 * OpenAPI document shows the same declaration as `x-field-visibility`, and the operation's
 * `x-conditional-scopes` comes from it. Never an operation gate.
 */
export function redactable<T extends z.ZodType>(schema: T, scope: Scope) {
  return visible(schema.nullable(), { requires_scopes: [scope], when_missing: 'null, listed in redacted_fields' })
}

/** One redactable field of a response: its path from the body's root (`*` for array items). */
export interface RedactedField {
  path: string[]
  scope: Scope
  /** The JSON pointer the spec names, e.g. `/data/*\/parts/*\/cost`. */
  pointer: string
  /**
   * The nearest resource around the field (the `object` value of its schema, e.g. `canned_job`) and
   * the field's pointer inside it (`/parts/*\/cost`); null object when the response names none.
   */
  owner: { object: string | null; pointer: string }
}

interface SchemaInternals {
  _zod: {
    def: {
      type: string
      shape?: Record<string, z.ZodType>
      element?: z.ZodType
      innerType?: z.ZodType
      in?: z.ZodType
      values?: unknown[]
    }
  }
  meta(): Record<string, unknown> | undefined
}

function fieldScope(schema: z.ZodType): Scope | undefined {
  const visibility = (schema as unknown as SchemaInternals).meta()?.['x-field-visibility']
  if (visibility && typeof visibility === 'object') {
    return ((visibility as { requires_scopes?: Scope[] }).requires_scopes ?? [])[0]
  }
  return undefined
}

/** The `object` a resource schema declares (`z.literal('invoice')`); a list envelope is no resource. */
function resourceObjectName(shape: Record<string, z.ZodType>): string | null {
  const field = shape.object
  if (!field) return null
  const def = (field as unknown as SchemaInternals)._zod.def
  const value = def.type === 'literal' && def.values?.length === 1 ? def.values[0] : undefined
  return typeof value === 'string' && value !== 'list' ? value : null
}

/** Every redactable field a response schema can carry, found once per operation at start-up. */
export function redactedFieldsOf(schema: z.ZodType): RedactedField[] {
  const found: RedactedField[] = []
  // `owner`: the nearest resource on the way down and where it starts in `path`.
  const walk = (node: z.ZodType, path: string[], owner: { object: string | null; at: number }, depth: number) => {
    if (depth > 12) return
    const def = (node as unknown as SchemaInternals)._zod.def
    if (def.type === 'object' && def.shape) {
      const object = resourceObjectName(def.shape)
      const here = object ? { object, at: path.length } : owner
      for (const [name, field] of Object.entries(def.shape)) {
        const scope = fieldScope(field)
        const fieldPath = [...path, name]
        if (scope) {
          found.push({
            path: fieldPath,
            scope,
            pointer: `/${fieldPath.join('/')}`,
            owner: { object: here.object, pointer: `/${fieldPath.slice(here.at).join('/')}` },
          })
        }
        walk(field, fieldPath, here, depth + 1)
      }
    } else if (def.type === 'array' && def.element) {
      walk(def.element, [...path, '*'], owner, depth + 1)
    } else if (def.innerType) {
      walk(def.innerType, path, owner, depth + 1)
    } else if (def.type === 'pipe' && def.in) {
      walk(def.in, path, owner, depth + 1)
    }
  }
  walk(schema, [], { object: null, at: 0 }, 0)
  return found
}

/**
 * Nulls every field the key's scopes do not cover and lists its pointer in `redacted_fields` of each
 * object on the way to it (a canned job lists its parts' costs too; a part lists its own). Present
 * values are what presenters return; null then means "not visible", never zero.
 */
export function applyRedaction(body: unknown, fields: RedactedField[], scopes: ReadonlySet<string>): void {
  for (const field of fields) {
    if (scopes.has(field.scope)) continue
    redactAlong(body, field.path, 0, field.pointer)
  }
}

/**
 * A stored response (an idempotent replay) as a key with `scopes` may see it now. It was redacted for
 * the scopes of the request that stored it; a scope removed since must hide its fields again. Parsed
 * and written again only when a field it may hold needs a scope the key lacks; a field hidden when
 * stored stays hidden (and listed) even if the scope was added since: it is not in the record.
 */
export function redactStoredJson(json: string, fields: RedactedField[], scopes: ReadonlySet<string>): string {
  if (fields.every((field) => scopes.has(field.scope))) return json
  const body: unknown = JSON.parse(json)
  applyRedaction(body, fields, scopes)
  return JSON.stringify(body)
}

function redactAlong(node: unknown, path: string[], index: number, pointer: string): void {
  if (node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const item of node) redactAlong(item, path, index + 1, pointer)
    return
  }
  const record = node as Record<string, unknown>
  const listed = record.redacted_fields
  if (Array.isArray(listed) && !listed.includes(pointer)) listed.push(pointer)
  const key = path[index] as string
  if (index === path.length - 1) {
    if (key in record) record[key] = null
    return
  }
  // The next segment is an array's `*`: the array itself is record[key].
  redactAlong(record[key], path, index + 1, pointer)
}

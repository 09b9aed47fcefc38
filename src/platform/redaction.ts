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
}

interface SchemaInternals {
  _zod: {
    def: { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; in?: z.ZodType }
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

/** Every redactable field a response schema can carry, found once per operation at start-up. */
export function redactedFieldsOf(schema: z.ZodType): RedactedField[] {
  const found: RedactedField[] = []
  const walk = (node: z.ZodType, path: string[], depth: number) => {
    if (depth > 12) return
    const def = (node as unknown as SchemaInternals)._zod.def
    if (def.type === 'object' && def.shape) {
      for (const [name, field] of Object.entries(def.shape)) {
        const scope = fieldScope(field)
        const fieldPath = [...path, name]
        if (scope) found.push({ path: fieldPath, scope, pointer: `/${fieldPath.join('/')}` })
        walk(field, fieldPath, depth + 1)
      }
    } else if (def.type === 'array' && def.element) {
      walk(def.element, [...path, '*'], depth + 1)
    } else if (def.innerType) {
      walk(def.innerType, path, depth + 1)
    } else if (def.type === 'pipe' && def.in) {
      walk(def.in, path, depth + 1)
    }
  }
  walk(schema, [], 0)
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

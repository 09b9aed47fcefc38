import type { z } from 'zod'
import type { Queryable } from '../db/pool.js'
import type { IdKind } from '../lib/ids.js'
import type { Scope } from '../lib/scopes.js'
import type { Actor } from './events.js'
import { defineOperation } from './operation.js'
import { publicIdParams } from './schemas.js'

/**
 * POST `/{resource}/{public_id}/archive`: the same operation for every archivable resource (customers,
 * vehicles). The record stays readable, archived; archiving it again returns it unchanged.
 */
export function archiveOperation<B extends z.ZodType<{ reason?: string | null } | undefined>, Row, Item>(options: {
  path: string
  /** The record as the text names it: `customer`. */
  noun: string
  operationId: string
  tag: string
  idKind: IdKind
  scopes: Scope[]
  body: B
  schema: z.ZodType
  archive: (db: Queryable, actor: Actor, publicId: string, reason: string | null) => Promise<Row>
  present: (row: Row) => Item
}) {
  const { noun } = options
  return defineOperation({
    method: 'POST',
    path: `${options.path}/{public_id}/archive`,
    operationId: options.operationId,
    // Not an MCP tool: Archiving takes the record out of every list: not an assistant's call to make.
    assistant: 'hidden',
    summary: `Archive a ${noun}`,
    description: `The ${noun} stays readable with \`archived: true\` and leaves the default (\`lifecycle=active\`) list. Archiving an archived ${noun} returns it unchanged.`,
    tag: options.tag,
    scopes: options.scopes,
    params: publicIdParams(options.idKind),
    body: options.body,
    idempotency: 'required',
    success: { status: 200, description: `The archived ${noun}`, schema: options.schema },
    handler: async ({ params, body, db, actor }) =>
      options.present(await options.archive(db, actor, params.public_id, body?.reason ?? null)),
  })
}

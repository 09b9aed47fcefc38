import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { toInvoiceResource } from './present.js'
import { InvoiceListQuerySchema, InvoiceListSchema, InvoiceSchema } from './schema.js'
import { getInvoice, listInvoices } from './service.js'

const tag = 'Invoices'

export const invoiceOperations = [
  defineOperation({
    method: 'GET',
    path: '/invoices',
    operationId: 'listInvoices',
    summary: 'List invoices and credit notes',
    description:
      'Newest first by `created_at`, each with its lines, taxes and discounts. A page holds at most 5,000 lines in all, so with heavy invoices it holds fewer than `limit` (see `limit`): page by `next_cursor` until `has_more` is false. Filters combine with AND; `business_date_from` and `business_date_to` are inclusive shop-local dates. There is no `updated_after`: documents never change except by voiding, so sync by business-date ranges (overlap the last day or two) and de-duplicate on `id`.',
    tag,
    scopes: ['invoices.read'],
    query: InvoiceListQuerySchema,
    success: { status: 200, description: 'A page of invoices and credit notes', schema: InvoiceListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listInvoices', auth, query)
      const { limit: _limit, cursor: _cursor, ...filters } = query
      return list.envelope(await listInvoices(db, actor, filters, list.page), toInvoiceResource)
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/invoices/{public_id}',
    operationId: 'getInvoice',
    summary: 'Get an invoice or credit note',
    description:
      'A posted document with its lines and taxes; a credit note names the invoice it corrects in `credit_note_of`.',
    tag,
    scopes: ['invoices.read'],
    params: publicIdParams('invoice'),
    success: { status: 200, description: 'The invoice or credit note', schema: InvoiceSchema },
    handler: async ({ params, db, actor }) => toInvoiceResource(await getInvoice(db, actor, params.public_id)),
  }),
]

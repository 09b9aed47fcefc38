import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { toPaymentResource } from './present.js'
import { PaymentListQuerySchema, PaymentListSchema, PaymentSchema } from './schema.js'
import { getPayment, listPayments } from './service.js'

const tag = 'Payments'

export const paymentOperations = [
  defineOperation({
    method: 'GET',
    path: '/payments',
    operationId: 'listPayments',
    summary: 'List payments',
    description:
      'Newest first by `created_at`. Filters combine with AND; `business_date_from` and `business_date_to` are inclusive shop-local dates. Payments never change: sync by business-date ranges and de-duplicate on `id`. A reversal is a payment of its own (negative, with `reversal_of`).',
    tag,
    scopes: ['payments.read'],
    query: PaymentListQuerySchema,
    success: { status: 200, description: 'A page of payments', schema: PaymentListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listPayments', auth, query)
      const { limit: _limit, cursor: _cursor, ...filters } = query
      return list.envelope(await listPayments(db, actor, filters, list.page), toPaymentResource)
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/payments/{public_id}',
    operationId: 'getPayment',
    summary: 'Get a payment',
    tag,
    scopes: ['payments.read'],
    params: publicIdParams('payment'),
    success: { status: 200, description: 'The payment', schema: PaymentSchema },
    handler: async ({ params, db, actor }) => toPaymentResource(await getPayment(db, actor, params.public_id)),
  }),
]

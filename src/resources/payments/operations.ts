import { getOperation, listOperation } from '../../platform/fields.js'
import { paymentDefinition } from './definition.js'

export const paymentOperations = [
  listOperation(paymentDefinition, {
    description:
      'Newest first by `created_at`. Filters combine with AND; `business_date_from` and `business_date_to` are inclusive shop-local dates. Payments never change: sync by business-date ranges and de-duplicate on `id`. A reversal is a payment of its own (negative, with `reversal_of`).',
    scopes: ['payments.read'],
  }),
  getOperation(paymentDefinition, {
    description: 'A reversal is a negative payment whose `reversal_of` names the payment it reverses.',
    scopes: ['payments.read'],
  }),
]

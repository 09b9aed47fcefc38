import { paymentDefinition } from './definition.js'

export const toPaymentResource = paymentDefinition.present

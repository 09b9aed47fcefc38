import type { z } from 'zod'
import type { paymentDefinition } from './definition.js'

export { paymentMethods } from './definition.js'

export type Payment = z.infer<typeof paymentDefinition.schema>

import type { Operation } from '../../platform/operation.js'
import { customerOperations } from '../../resources/customers/operations.js'
import { eventOperations } from '../../resources/events/operations.js'
import { shopOperations } from '../../resources/shop/operations.js'
import { technicianOperations } from '../../resources/technicians/operations.js'
import { vehicleOperations } from '../../resources/vehicles/operations.js'
import { webhookEndpointOperations } from '../../resources/webhook-endpoints/operations.js'
import { openApiOperations } from './openapi.js'

/** Every operation of API v1, in the order the OpenAPI document lists them. */
export const apiOperations: Operation[] = [
  ...shopOperations,
  ...customerOperations,
  ...vehicleOperations,
  ...technicianOperations,
  ...eventOperations,
  ...webhookEndpointOperations,
  ...openApiOperations(() => apiOperations),
]

import type { Operation } from '../operations.js'
import { customerOperations } from './customers.js'
import { eventOperations } from './events.js'
import { openApiOperations } from './openapi.js'
import { shopOperations } from './shop.js'
import { vehicleOperations } from './vehicles.js'
import { webhookEndpointOperations } from './webhook-endpoints.js'

/** Every operation of API v1, in the order the OpenAPI document lists them. */
export const apiOperations: Operation[] = [
  ...shopOperations,
  ...customerOperations,
  ...vehicleOperations,
  ...eventOperations,
  ...webhookEndpointOperations,
  ...openApiOperations(() => apiOperations),
]

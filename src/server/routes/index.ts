import type { Operation } from '../../platform/operation.js'
import { availabilityOperations } from '../../resources/appointments/availability.js'
import { appointmentOperations } from '../../resources/appointments/operations.js'
import { cannedJobOperations } from '../../resources/canned-jobs/operations.js'
import { customerOperations } from '../../resources/customers/operations.js'
import { eventOperations } from '../../resources/events/operations.js'
import { inventoryItemOperations } from '../../resources/inventory-items/operations.js'
import { invoiceOperations } from '../../resources/invoices/operations.js'
import { jobOperations } from '../../resources/jobs/operations.js'
import { meOperations } from '../../resources/me/operations.js'
import { paymentOperations } from '../../resources/payments/operations.js'
import { repairOrderOperations } from '../../resources/repair-orders/operations.js'
import { shopOperations } from '../../resources/shop/operations.js'
import { taskOperations } from '../../resources/tasks/operations.js'
import { technicianOperations } from '../../resources/technicians/operations.js'
import { vehicleOperations } from '../../resources/vehicles/operations.js'
import { webhookEndpointOperations } from '../../resources/webhook-endpoints/operations.js'
import { openApiOperations } from './openapi.js'

/** Every operation of API v1, in the order the OpenAPI document lists them. */
export const apiOperations: Operation[] = [
  ...shopOperations,
  ...customerOperations,
  ...vehicleOperations,
  ...availabilityOperations,
  ...appointmentOperations,
  ...repairOrderOperations,
  ...jobOperations,
  ...inventoryItemOperations,
  ...cannedJobOperations,
  ...technicianOperations,
  ...taskOperations,
  ...invoiceOperations,
  ...paymentOperations,
  ...eventOperations,
  ...webhookEndpointOperations,
  ...meOperations(() => apiOperations),
  ...openApiOperations(() => apiOperations),
]

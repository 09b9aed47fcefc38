import { Args, Flags } from '@oclif/core'
import { BulkImportCommand, checkKeyFlags, importEventSummary, ownerKeyOfFlag } from '../../cli/bulk-import.js'
import { bulkImportFlags } from '../../cli/imports.js'
import { UsageError } from '../../lib/errors.js'
import type { CustomerKeyKind } from '../../resources/customers/import.js'
import { type VehicleKeyKind, vehicleImportTarget } from '../../resources/vehicles/import.js'

export default class ImportVehicles extends BulkImportCommand {
  static override description = `Import vehicles from a CSV file with a header row, or NDJSON (one JSON object a line).

Each row is the body of POST /v1/vehicles, validated by the same rules: vin, year, make, model, trim, engine, color, plate, plate_region, unit_number, odometer, notes; other column names are mapped with --map or --map-file. An empty CSV cell leaves the field as it is.

The owner is named by one column, chosen by --customer-key: customer_external_id (the customer's external id under --integration, as \`import customers --key external_id\` stored it), customer_email, customer_phone, or customer_id (a cus_ id); --customer-key email (phone, external_id, id) is the same as customer_email. It is required to create a vehicle. On a matched vehicle of another customer it moves the vehicle to that customer: the row is counted as moved, not updated, and listed with the customers it moved from and to (names beside ids; with --json, \`moved\` and \`moves\`).

Rows are matched on --key: vin, or external_id (the "external_id" column, stored as the external id of the --integration). A matched row updates its vehicle (only when something changes); an unmatched row creates one. A key may appear once per file. Running the same file again changes nothing, so an interrupted import is resumed by running it again.

Rows are written in batches of --batch-size, one transaction each, and every vehicle created, updated or moved records its vehicle.created or vehicle.updated event there ("source": "import" in its summary; a move has customer_id among its changed_fields, as PATCH /v1/vehicles/{id} records it). Rejected rows are reported with their line and reason and written to the rejects file (same format and header, plus a rejected_reason column). Exit code 1 when any row was rejected.`
  static override examples = [
    '<%= config.bin %> import vehicles vehicles.csv --key vin --customer-key customer_email',
    '<%= config.bin %> import vehicles vehicles.csv --key external_id --integration int_4bW2yXk0fT9QmZr7LcVd1p --map "Unit ID=external_id,Owner ID=customer_external_id"',
  ]
  static override args = {
    file: Args.string({ description: 'A .csv (with a header row) or .ndjson file', required: true }),
  }
  static override flags = {
    key: Flags.string({
      description: 'What matches a row to an existing vehicle',
      options: ['vin', 'external_id'],
      required: true,
    }),
    'customer-key': Flags.string({
      description:
        "The owner column, which names each vehicle's customer: customer_external_id (the default with --integration), customer_email, customer_phone or customer_id (a cus_ id); external_id, email, phone and id say the same",
      helpValue: 'customer_email|customer_phone|customer_external_id|customer_id',
    }),
    ...bulkImportFlags,
  }

  async run() {
    const { args, flags } = await this.parse(ImportVehicles)
    checkKeyFlags(flags.key, flags.integration)
    const customerKey =
      flags['customer-key'] === undefined
        ? flags.integration
          ? 'external_id'
          : undefined
        : ownerKeyOfFlag(flags['customer-key'])
    if (customerKey === undefined) {
      throw new UsageError(
        '--customer-key is required without --integration: customer_email, customer_phone, customer_external_id or customer_id',
      )
    }
    checkKeyFlags(customerKey, flags.integration, '--customer-key')
    return this.importFile(
      { resource: 'vehicles', file: args.file, key: flags.key, flags, tables: ['vehicles', 'external_refs', 'events'] },
      ({ shop, actor, integration, region }) =>
        vehicleImportTarget({
          key: flags.key as VehicleKeyKind,
          owners: {
            kind: customerKey as CustomerKeyKind,
            shopId: shop.id,
            region,
            integrationId: integration?.id ?? null,
          },
          shopId: shop.id,
          integrationId: integration?.id ?? null,
          actor,
          eventSummary: importEventSummary,
        }),
    )
  }
}

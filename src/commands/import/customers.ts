import { Args, Flags } from '@oclif/core'
import { BulkImportCommand, checkKeyFlags, importEventSummary } from '../../cli/bulk-import.js'
import { bulkImportFlags } from '../../cli/imports.js'
import { type CustomerKeyKind, customerImportTarget } from '../../resources/customers/import.js'

export default class ImportCustomers extends BulkImportCommand {
  static override description =
    `Import customers from a CSV file with a header row, or NDJSON (one JSON object a line; told apart by the extension, else by the first character).

Each row is the body of POST /v1/customers, validated by the same rules: first_name, last_name, company_name, email, phone, phone_alt, address, city, region, postal_code, country, preferred_contact, notes, tags (CSV: separated by ;), fleet_account, tax_exempt (CSV: true/false, yes/no, 1/0), consent_<flag> for sms_transactional, sms_marketing, email_transactional, email_marketing, voice, do_not_call. Other column names are mapped with --map or --map-file. An empty CSV cell leaves the field as it is.

Rows are matched on --key: external_id (the "external_id" column, stored as the external id of the integration named by --integration, as PUT /v1/customers/{id}/external-id would), email (case-insensitive) or phone (the customer's phone, compared after normalization; merged customers are skipped). A matched row updates its customer with the fields it gives (only when something changes); an unmatched row creates one. A key may appear once per file. Running the same file again changes nothing, so an interrupted import is resumed by running it again.

Rows are written in batches of --batch-size, one transaction each; every created or updated customer records its customer.created or customer.updated event in that transaction (with "source": "import" in its summary), which webhooks deliver like any other. A row the API would refuse is rejected with its line and reason, and written to the rejects file (same format and header, plus a rejected_reason column) to fix and import again; the others are imported. Exit code 1 when any row was rejected.`
  static override examples = [
    '<%= config.bin %> import customers customers.csv --key email',
    '<%= config.bin %> import customers export.csv --key external_id --integration int_4bW2yXk0fT9QmZr7LcVd1p --map "Customer ID=external_id,Phone Number=phone,Cell=phone_alt"',
    '<%= config.bin %> import customers customers.ndjson --key phone --dry-run',
  ]
  static override args = {
    file: Args.string({ description: 'A .csv (with a header row) or .ndjson file', required: true }),
  }
  static override flags = {
    key: Flags.string({
      description: 'What matches a row to an existing customer',
      options: ['external_id', 'email', 'phone'],
      required: true,
    }),
    ...bulkImportFlags,
  }

  async run() {
    const { args, flags } = await this.parse(ImportCustomers)
    checkKeyFlags(flags.key, flags.integration)
    return this.importFile(
      {
        resource: 'customers',
        file: args.file,
        key: flags.key,
        flags,
        tables: ['customers', 'external_refs', 'events'],
      },
      ({ shop, actor, integration, region }) =>
        customerImportTarget({
          keying: {
            kind: flags.key as CustomerKeyKind,
            shopId: shop.id,
            region,
            integrationId: integration?.id ?? null,
          },
          actor,
          eventSummary: importEventSummary,
        }),
    )
  }
}

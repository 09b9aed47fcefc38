import { analyzeTables } from '../db/statistics.js'
import { detectImportFormat, type ImportFormat } from '../io/import-file.js'
import { checkOutputFile } from '../io/output-files.js'
import { UsageError } from '../lib/errors.js'
import { phoneRegionForTimezone } from '../lib/phones.js'
import type { ColumnMapping } from '../platform/imports/mapping.js'
import { type ImportTarget, type RejectsTarget, runImport } from '../platform/imports/runner.js'
import { getIntegration, type IntegrationRow } from '../platform/tenancy/integrations.js'
import type { ShopRow } from '../platform/tenancy/shops.js'
import type { CustomerKeyKind } from '../resources/customers/import.js'
import { ownerColumns } from '../resources/vehicles/import.js'
import { exitCodeOf } from './base.js'
import {
  type BulkImportResult,
  bulkImportProgress,
  defaultRejectsPath,
  describeBulkImport,
  describeResume,
  moveColumns,
  moveRows,
  readMapping,
  rejectionColumns,
  requireReadable,
} from './imports.js'
import { StaffCommand, type StaffContext } from './staff.js'

/**
 * Every imported record's events say where they came from (`summary.source`), so a receiver that
 * does not want a migration's thousands of `*.created` can tell them apart; every event is still
 * recorded and delivered like any other write's (docs/decisions/operations.md, "Imports and webhooks").
 */
export const importEventSummary = { source: 'import' } as const

export interface BulkImportContext extends StaffContext {
  /** The integration of --integration, checked to belong to the shop. */
  integration: IntegrationRow | null
  region: ReturnType<typeof phoneRegionForTimezone>
  /** The file's format (by its extension, else its first character). */
  format: ImportFormat
}

export interface BulkImportFlags {
  'database-url'?: string | undefined
  shop?: string | undefined
  map?: string[] | undefined
  'map-file'?: string | undefined
  'dry-run': boolean
  rejects?: string | undefined
  overwrite: boolean
  integration?: string | undefined
  'batch-size': number
}

/**
 * `shopapi import <resource> FILE` (customers, vehicles, inventory, canned-jobs): streams the file through a resource's import target in batches
 * of one transaction each, prints the report, writes the rejects file, then ANALYZEs what it loaded.
 */
export abstract class BulkImportCommand extends StaffCommand {
  protected async importFile<Lookup>(
    options: {
      resource: string
      file: string
      key: string
      flags: BulkImportFlags
      /** The tables to ANALYZE once rows were written. */
      tables: readonly string[]
    },
    target: (context: BulkImportContext, mapping: ColumnMapping) => ImportTarget<Lookup>,
  ): Promise<BulkImportResult> {
    const { file, flags } = options
    await requireReadable(file)
    const mapping = await readMapping(flags)
    const format = await detectImportFormat(file)
    const rejectsPath = flags.rejects ?? (flags['dry-run'] ? null : defaultRejectsPath(file, format))
    const rejects: RejectsTarget | null =
      rejectsPath === null
        ? null
        : {
            path: rejectsPath,
            label: flags.rejects === undefined ? 'The rejects file' : '--rejects',
            overwrite: flags.overwrite,
            overwriteFlag: '--overwrite',
            notSameAs: [{ path: file, label: 'the file imported' }],
          }
    // Before any row is read: a refusal after an hour of importing would be worse than none.
    if (rejects !== null) await checkOutputFile(rejects.path, rejects)
    let stoppedBy: unknown
    const result = await this.interruptible('stopping after the batch being written', (signal) =>
      this.staffRead(flags, async (context) => {
        const integration = await this.integrationOf(context.pool, context.shop, flags.integration)
        const region = phoneRegionForTimezone(context.shop.timezone)
        const progress = await bulkImportProgress(file, this.jsonEnabled())
        const started = performance.now()
        let report: Awaited<ReturnType<typeof runImport>>
        try {
          report = await runImport({
            pool: context.pool,
            path: file,
            target: target({ ...context, integration, region, format }, mapping),
            mapping,
            dryRun: flags['dry-run'],
            rejects,
            batchSize: flags['batch-size'],
            onProgress: progress.onProgress,
            signal,
          })
          stoppedBy = signal.reason
        } finally {
          progress.stop()
        }
        const seconds = (performance.now() - started) / 1000
        let analyzed = false
        // Not when interrupted: the operator asked to stop; the run that completes the import analyzes.
        if (!report.dry_run && !report.interrupted && report.created + report.updated + report.moved > 0) {
          // Right after a bulk load the planner knows nothing of the new rows until autovacuum gets to
          // them; the import has happened whatever ANALYZE does, so a failure is a warning.
          try {
            await analyzeTables(context.pool, options.tables)
            analyzed = true
          } catch (error) {
            this.warn(
              `The import is complete, but ANALYZE ${options.tables.join(', ')} failed: ${(error as Error).message}`,
            )
          }
        }
        return {
          resource: options.resource,
          file,
          key: options.key,
          ...report,
          seconds: Math.round(seconds * 100) / 100,
          rows_per_second: Math.round(report.rows / Math.max(seconds, 0.001)),
          analyzed,
        }
      }),
    )
    for (const line of describeBulkImport(result)) this.log(line)
    if (result.interrupted && this.jsonEnabled()) this.stderrLine(describeResume(result))
    if (result.moves.length > 0 && !this.jsonEnabled()) {
      this.log(result.dry_run ? 'Would move:' : 'Moved to another customer:')
      this.printTable(moveRows(result.moves), moveColumns)
      if (result.moved > result.moves.length) this.log(`... and ${result.moved - result.moves.length} more`)
    }
    if (result.rejections.length > 0) {
      const shown = result.rejections.slice(0, 20)
      this.printTable(shown as unknown as Record<string, unknown>[], rejectionColumns)
      if (result.rejected > shown.length) this.log(`... and ${result.rejected - shown.length} more`)
    }
    if (result.rejected > 0 || !result.complete) process.exitCode = 1
    if (result.interrupted) process.exitCode = exitCodeOf(stoppedBy)
    return result
  }

  private async integrationOf(
    pool: StaffContext['pool'],
    shop: ShopRow,
    publicId: string | undefined,
  ): Promise<IntegrationRow | null> {
    if (publicId === undefined) return null
    const integration = await getIntegration(pool, publicId)
    if (integration.shop_id !== shop.id) {
      throw new UsageError(`Integration ${publicId} belongs to another shop than ${shop.public_id}`)
    }
    return integration
  }
}

/** `--key external_id` needs `--integration`, and `--integration` is only for that key. */
export function checkKeyFlags(key: string, integration: string | undefined, keyFlag = '--key'): void {
  if (key === 'external_id' && integration === undefined) {
    throw new UsageError(
      `${keyFlag} external_id needs --integration int_...: external ids belong to one integration (shopapi integrations list)`,
    )
  }
}

/**
 * The owner key a `--customer-key` value names: the owner column (`customer_email`, as the README and
 * the file's header say it) or the key alone (`email`); anything else is a usage error.
 */
export function ownerKeyOfFlag(value: string): CustomerKeyKind {
  const text = value.trim().toLowerCase()
  for (const [kind, column] of Object.entries(ownerColumns) as [CustomerKeyKind, string][]) {
    if (text === kind || text === column) return kind
  }
  throw new UsageError(
    `--customer-key must be customer_email, customer_phone, customer_external_id or customer_id (the owner column; email, phone, external_id or id say the same), got ${JSON.stringify(value)}`,
  )
}

import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { writeOutputFile } from '../../io/output-files.js'
import { UsageError } from '../../lib/errors.js'
import { buildOpenApiDocument } from '../../server/openapi.js'
import { apiOperations } from '../../server/routes/index.js'

export default class OpenapiExport extends BaseCommand {
  static override description = 'Write the OpenAPI 3.1 document of API v1 (the same one served at /v1/openapi.json).'
  static override examples = [
    '<%= config.bin %> openapi export --out openapi.json',
    '<%= config.bin %> openapi export --out openapi.json --overwrite',
    '<%= config.bin %> openapi export > openapi.json',
  ]
  static override flags = {
    out: Flags.string({
      char: 'o',
      description: 'File to write (created new, mode 0600); standard output when left out',
    }),
    overwrite: Flags.boolean({
      description: 'Replace the --out file when it exists (a regular file of yours; never through a symbolic link)',
      default: false,
    }),
  }

  async run() {
    const { flags } = await this.parse(OpenapiExport)
    if (flags.overwrite && !flags.out) throw new UsageError('--overwrite replaces the --out file: add --out FILE')
    const document = buildOpenApiDocument(apiOperations)
    const text = `${JSON.stringify(document, null, 2)}\n`
    if (flags.out) {
      await writeOutputFile(flags.out, text, {
        label: '--out',
        overwrite: flags.overwrite,
        overwriteFlag: '--overwrite',
      })
      const paths = Object.keys(document.paths as object).length
      if (!this.jsonEnabled()) this.stderrLine(`Wrote ${flags.out} (${paths} paths)`)
      return { out: flags.out, paths }
    }
    if (this.jsonEnabled()) return document
    process.stdout.write(text)
    return undefined
  }
}

import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { writeOutputFile } from '../../io/output-files.js'
import { UsageError } from '../../lib/errors.js'
import { standaloneDocsPage } from '../../server/docs-page.js'
import { buildOpenApiDocument } from '../../server/openapi.js'
import { apiOperations } from '../../server/routes/index.js'

export default class OpenapiExport extends BaseCommand {
  static override description =
    'Write the OpenAPI 3.1 document of API v1 (the same one served at /v1/openapi.json), or with --html the API reference page served at /docs as one self-contained file.'
  static override examples = [
    '<%= config.bin %> openapi export --out openapi.json',
    '<%= config.bin %> openapi export --out openapi.json --overwrite',
    '<%= config.bin %> openapi export > openapi.json',
    '<%= config.bin %> openapi export --html api.html',
  ]
  static override flags = {
    out: Flags.string({
      char: 'o',
      description: 'File to write (created new, mode 0600); standard output when left out',
    }),
    html: Flags.string({
      description:
        'Write the API reference page (as served at /docs) to this file instead: the renderer and the document inlined, opens offline (created new, mode 0600)',
      exclusive: ['out'],
    }),
    overwrite: Flags.boolean({
      description:
        'Replace the --out or --html file when it exists (a regular file of yours; never through a symbolic link)',
      default: false,
    }),
  }

  async run() {
    const { flags } = await this.parse(OpenapiExport)
    if (flags.overwrite && !flags.out && !flags.html) {
      throw new UsageError('--overwrite replaces the --out or --html file: add --out FILE or --html FILE')
    }
    const document = buildOpenApiDocument(apiOperations)
    if (flags.html) {
      await writeOutputFile(flags.html, standaloneDocsPage(document), {
        label: '--html',
        overwrite: flags.overwrite,
        overwriteFlag: '--overwrite',
      })
      const operations = Object.values(document.paths as Record<string, object>).reduce(
        (sum, item) => sum + Object.keys(item).length,
        0,
      )
      if (!this.jsonEnabled()) this.stderrLine(`Wrote ${flags.html} (${operations} operations)`)
      return { html: flags.html, operations }
    }
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

import { format } from 'node:util'
import { Command, Errors, Flags, type Interfaces, toConfiguredId } from '@oclif/core'
import Table from 'cli-table3'
import { type Config, loadConfig } from '../config.js'
import type { Database } from '../db/connect.js'
import { ApiError, NewerSchemaError, UsageError } from '../lib/errors.js'
import { escapeForTerminal, escapeForTerminalLine } from '../lib/terminal-text.js'

/**
 * `--migration-database-url` of the commands that run the service or only migrate (serve, worker,
 * migrate); the others read SHOPAPI_MIGRATION_DATABASE_URL through the configuration.
 */
export const migrationDatabaseUrlFlag = Flags.string({
  env: 'SHOPAPI_MIGRATION_DATABASE_URL',
  description:
    "With DATABASE_URL: the connection of the role that owns shopapi's tables, used only to migrate; DATABASE_URL then names a role that owns nothing (README: External database)",
})

/** The longest a graceful stop may take: requests and delivery attempts in flight end well before. */
const shutdownLimitMs = 30_000

/** The exit code of a command stopped by a signal, as a shell reports one: 128 + its number. */
export function exitCodeOf(signal: unknown): number {
  return signal === 'SIGTERM' ? 143 : 130
}

/** The one-line error of a command stopped by a signal, which then exits as interrupted (`exitCodeOf`). */
function interrupted(signal: unknown, message: string): UsageError {
  return Object.assign(new UsageError(message), { exitCode: exitCodeOf(signal) })
}

export type CommandFlags<T extends typeof Command> = Interfaces.InferredFlags<
  (typeof BaseCommand)['baseFlags'] & T['flags']
>

/**
 * What every shopapi command shares: `--json`, the database (DATABASE_URL / --database-url, or the
 * embedded one, started for the command's duration unless `serve` already runs it), one-line errors.
 */
export abstract class BaseCommand extends Command {
  static override enableJsonFlag = true

  static override baseFlags = {
    'database-url': Flags.string({
      env: 'DATABASE_URL',
      description: 'PostgreSQL connection URL; without it the embedded database in SHOPAPI_DATA_DIR is used',
      helpGroup: 'GLOBAL',
    }),
  }

  /** What the command opened, closed when it ends however it ends. */
  private database: Pick<Database, 'close'> | undefined
  /** Set while `interruptible` runs: a signal aborts it instead of ending the process. */
  private interruption: { controller: AbortController; notice: string } | undefined

  /**
   * Human output: every line a command prints passes here, escaped, so text from the database (an
   * endpoint's description, a receiver's answer, a customer's name) cannot drive the terminal.
   * `--json` output goes through `logJson` untouched.
   */
  override log(message = '', ...args: unknown[]): void {
    super.log(escapeForTerminal(args.length > 0 ? format(message, ...args) : message))
  }

  override logToStderr(message = '', ...args: unknown[]): void {
    super.logToStderr(escapeForTerminal(args.length > 0 ? format(message, ...args) : message))
  }

  /** One line on stderr whatever `--json` says (warnings, progress), escaped like `log`. */
  protected stderrLine(text: string): void {
    process.stderr.write(`${escapeForTerminal(text)}\n`)
  }
  private readonly onSignal = (signal: NodeJS.Signals) => {
    const interruption = this.interruption
    if (interruption && !interruption.controller.signal.aborted) {
      // The command stops by itself at its next safe point and closes the database in `finally`
      // (ending the pool under its feet would let it run on, then fail); a second signal exits at once.
      interruption.controller.abort(signal)
      process.once(signal, () => process.exit(exitCodeOf(signal)))
      if (!this.jsonEnabled()) this.stderrLine(`${signal}: ${interruption.notice} (${signal} again to stop at once)`)
      return
    }
    // Ctrl-C during a command: stop the embedded database it started, then exit as interrupted.
    void this.closeDatabase().finally(() => process.exit(exitCodeOf(signal)))
  }

  /**
   * Runs `work` with a signal that SIGINT (Ctrl-C) or SIGTERM aborts, instead of closing the database
   * and exiting: a long command (an import) finishes the step in flight, stops, and says how to resume;
   * `notice` is what it prints when the signal arrives ("stopping after the batch being written").
   * The command sets the exit code (`exitCodeOf`) itself.
   */
  protected async interruptible<T>(notice: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    this.interruption = { controller: new AbortController(), notice }
    // A command that holds no database (restore opens its own) listens here; otherwise holdUntilEnd does.
    const listening = process.listeners('SIGINT').includes(this.onSignal)
    if (!listening) {
      process.once('SIGINT', this.onSignal)
      process.once('SIGTERM', this.onSignal)
    }
    try {
      return await work(this.interruption.controller.signal)
    } finally {
      this.interruption = undefined
      if (!listening) {
        process.removeListener('SIGINT', this.onSignal)
        process.removeListener('SIGTERM', this.onSignal)
      }
    }
  }

  /**
   * `interruptible` for work that gives up as a whole when stopped (a backup, a restore: each removes
   * what it wrote): a failure after the signal is the interruption, ended with `stopped(signal)` as a
   * one-line error and the shell's exit code for that signal.
   */
  protected abandonable<T>(
    notice: string,
    stopped: (signal: unknown) => string,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return this.interruptible(notice, async (signal) => {
      try {
        return await work(signal)
      } catch (error) {
        if (!signal.aborted) throw error
        throw interrupted(signal.reason, stopped(signal.reason))
      }
    })
  }

  /** The configuration, with the connection flags (`--database-url`, `--migration-database-url`) applied. */
  protected appConfig(databaseUrl: string | undefined, migrationDatabaseUrl?: string): Config {
    try {
      return loadConfig(process.env, {
        databaseUrl,
        migrationDatabaseUrl: migrationDatabaseUrl?.trim() ? migrationDatabaseUrl : undefined,
      })
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
  }

  /**
   * Opens (and migrates, unless `migrate: false`) the database; closed again when the command ends,
   * however it ends.
   */
  protected async openDatabase(
    databaseUrl: string | undefined,
    options: { migrate?: boolean; startEmbedded?: boolean } = {},
  ): Promise<Database> {
    const config = this.appConfig(databaseUrl)
    // Loaded here, not at the top: pg, the migrations and their driver cost about 0.05 s of CPU at
    // start-up, which commands that need no database (webhooks sign, --help, a usage error) skip.
    const { openDatabase } = await import('../db/connect.js')
    const database = await openDatabase(config, {
      onProgress: (message) => this.stderrLine(message),
      applicationName: `shopapi ${this.id ?? ''}`.trim(),
      ...(options.migrate === false ? { migrate: false } : {}),
      ...(options.startEmbedded === false ? { startEmbedded: false } : {}),
    })
    this.holdUntilEnd(database)
    return database
  }

  /** Migrates as the owner (`shopapi migrate`) and opens nothing else; the names of the migrations applied. */
  protected async migrateDatabase(config: Config): Promise<string[]> {
    const { migrateDatabase } = await import('../db/connect.js')
    const migrated = await migrateDatabase(config, { onProgress: (message) => this.stderrLine(message) })
    this.holdUntilEnd(migrated)
    return migrated.applied
  }

  private holdUntilEnd(database: Pick<Database, 'close'>): void {
    this.database = database
    process.once('SIGINT', this.onSignal)
    process.once('SIGTERM', this.onSignal)
  }

  protected async closeDatabase(): Promise<void> {
    const database = this.database
    this.database = undefined
    process.removeListener('SIGINT', this.onSignal)
    process.removeListener('SIGTERM', this.onSignal)
    await database?.close()
  }

  override async finally(error: Error | undefined): Promise<void> {
    await this.closeDatabase()
    return super.finally(error)
  }

  /**
   * Runs until SIGINT or SIGTERM, then `stop()` (which lets work in flight finish); a second signal
   * exits at once.
   */
  protected async runUntilSignal(stop: () => Promise<void>, inFlight: string): Promise<void> {
    await new Promise<void>((resolve) => {
      const shutdown = (signal: NodeJS.Signals) => {
        this.stderrLine(`${signal}: finishing ${inFlight}, then stopping`)
        process.once(signal, () => process.exit(130))
        // Work in flight is bounded (request and delivery timeouts), so a stop that outlasts this is
        // stuck: an operator's SIGTERM must still end the process, as a supervisor's SIGKILL would.
        const stuck = setTimeout(() => {
          this.stderrLine(`shutdown did not finish within ${shutdownLimitMs / 1000} s; exiting`)
          process.exit(1)
        }, shutdownLimitMs)
        stuck.unref()
        stop().then(
          () => {
            clearTimeout(stuck)
            resolve()
          },
          (error: unknown) => {
            clearTimeout(stuck)
            this.stderrLine(`shutdown failed: ${(error as Error).message}`)
            process.exitCode = 1
            resolve()
          },
        )
      }
      process.once('SIGINT', shutdown)
      process.once('SIGTERM', shutdown)
    })
    // Everything was closed; a handle some library left open must not keep a stopped process alive.
    setTimeout(() => process.exit(), 2000).unref()
  }

  /** A part of the output below what came before: a blank line, its title, its table. */
  protected printTableSection(
    title: string,
    rows: Record<string, unknown>[],
    columns: { key: string; header: string }[],
  ): void {
    this.log('')
    this.log(title)
    this.printTable(rows, columns)
  }

  /** A titled JSON document below what came before (an event's envelope), indented for reading. */
  protected printJsonSection(title: string, value: unknown): void {
    this.log('')
    this.log(title)
    this.log(JSON.stringify(value, null, 2))
  }

  /** A readable table for people; scripts use --json. */
  protected printTable(rows: Record<string, unknown>[], columns: { key: string; header: string }[]): void {
    if (this.jsonEnabled()) return
    if (rows.length === 0) {
      this.log('(none)')
      return
    }
    const table = new Table({
      head: columns.map((column) => column.header),
      style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
      chars: {
        top: '',
        'top-mid': '',
        'top-left': '',
        'top-right': '',
        bottom: '',
        'bottom-mid': '',
        'bottom-left': '',
        'bottom-right': '',
        left: '',
        'left-mid': '',
        mid: '',
        'mid-mid': '',
        right: '',
        'right-mid': '',
        middle: '',
      },
    })
    for (const row of rows) table.push(columns.map((column) => formatCell(row[column.key])))
    this.log(table.toString())
  }

  override async catch(error: Error & { exitCode?: number; oclif?: { exit?: number } }): Promise<unknown> {
    // `--help` inside a command and `this.exit()` end through oclif's ExitError, which is no error to report.
    if (error instanceof Errors.ExitError) return super.catch(error)
    const known = error instanceof ApiError || error instanceof UsageError
    // oclif's parse errors (a missing argument, an unknown flag, a flag's value refused) are several lines
    // plus the whole usage, and with --json the error object itself (its parse context: package.json,
    // home and cache paths, about 9,000 lines). Here they are one line that says where the usage is.
    const parseError = !known && error.oclif !== undefined
    // The command did call parse, which refused the input: without this oclif adds (under NODE_ENV
    // development or test) a warning that the command "did not parse its arguments".
    if (parseError) this.parsed = true
    const message = parseError
      ? usageLine(error, toConfiguredId(this.id ?? '', this.config), this.config.bin)
      : known
        ? error.message
        : `${error.message || String(error)}`
    // A command stopped by a signal says so in one line like any error, and exits as interrupted (130);
    // a parse error keeps oclif's exit code (2), as scripts that tell usage from failure expect.
    const exitCode = parseError
      ? (error.oclif?.exit ?? 2)
      : error instanceof UsageError && 'exitCode' in error && typeof error.exitCode === 'number'
        ? error.exitCode
        : 1
    if (this.jsonEnabled()) {
      process.exitCode = exitCode
      this.logJson({
        error: {
          code:
            error instanceof ApiError || error instanceof NewerSchemaError
              ? error.code
              : known || parseError
                ? 'invalid_usage'
                : 'error',
          message,
        },
      })
      return
    }
    // One line on stderr, unwrapped, whatever the terminal width; the message may echo stored text.
    process.stderr.write(`Error: ${escapeForTerminalLine(message)}\n`)
    process.exitCode = exitCode
    return undefined
  }
}

/**
 * An oclif parse error as one line: its own lines joined ("Missing 1 required arg:" and the list of
 * arguments under it, "Parsing --flag" and the reason under it), without oclif's "See more help with
 * --help", and ending with the command's own help command, which gives the usage.
 */
function usageLine(error: Error & { args?: unknown }, commandId: string, bin: string): string {
  const missing = Array.isArray(error.args) && /^Missing \d+ required arg/.test(error.message)
  const args = missing ? (error.args as { name: string; description?: string }[]) : []
  const lines = missing
    ? [
        `Missing required argument${args.length === 1 ? '' : 's'}: ${args
          .map((arg) => (arg.description ? `${arg.name.toUpperCase()} (${arg.description})` : arg.name.toUpperCase()))
          .join(', ')}`,
      ]
    : error.message
        .split('\n')
        .map((line) => line.trim())
        .filter(
          (line) => line !== '' && line !== 'See more help with --help' && line !== 'The following error occurred:',
        )
  const text = lines.reduce((joined, line) => {
    if (joined === '') return line
    return /[:]$/.test(joined) ? `${joined} ${line}` : `${joined}: ${line}`
  }, '')
  const help = `${bin} ${commandId} --help`.replace(/\s+/g, ' ').trim()
  return `${text.replace(/\s{2,}/g, ' ')}. Run "${help}" for usage`
}

/** One cell on one line: a line break or control character in the value would break the table. */
function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '-'
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return escapeForTerminalLine(value.join(', '))
  return escapeForTerminalLine(String(value))
}

/** Turns the parse error of a scope list into a one-line usage error. */
export function usage<T>(work: () => T): T {
  try {
    return work()
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

// Types of template-database.js (plain JavaScript, so that scripts/test.js can run it before tap).

/** The template's name for the schema this checkout ships: a prefix and a hash of what shapes it. */
export function schemaTemplateName(): Promise<string>

/** Builds the migrated template on the server of `serverUrl` unless it is there already. */
export function ensureSchemaTemplate(serverUrl: string): Promise<{ template: string; built: boolean }>

/** Creates `database` as a clone of the migrated template, building the template first when missing. */
export function createMigratedDatabase(serverUrl: string, database: string): Promise<void>

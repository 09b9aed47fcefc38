import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { deriveSecrets, parseSecretKey, type Secrets } from '../lib/secrets.js'
import { ensureDataDirectory, readOrCreatePrivateFile } from './private-files.js'

// Where the master key comes from: the configuration, or a file kept in the data directory. The
// derivation and sealing themselves are pure (lib/secrets.ts).

export const secretKeyFileName = 'secret.key'

/** Where the master key comes from (the config's fields): given, or kept in the data directory. */
export interface SecretSource {
  secretKey?: string | undefined
  dataDir: string
}

/**
 * The master key: SHOPAPI_SECRET_KEY when set, otherwise the one kept in the data directory (0700),
 * created on first use (mode 0600); a key file others may read is refused. Processes sharing a
 * database must share the key: set it explicitly there. `onNotice` hears of a tightened directory.
 */
export function loadMasterKey(config: SecretSource, onNotice: (message: string) => void = () => {}): Buffer {
  if (config.secretKey) return parseSecretKey(config.secretKey)
  const notice = ensureDataDirectory(config.dataDir)
  if (notice) onNotice(notice)
  const file = path.join(config.dataDir, secretKeyFileName)
  return parseSecretKey(readOrCreatePrivateFile(file, () => `${randomBytes(32).toString('hex')}\n`))
}

export function loadSecrets(config: SecretSource, onNotice?: (message: string) => void): Secrets {
  return deriveSecrets(loadMasterKey(config, onNotice))
}

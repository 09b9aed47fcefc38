import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import envPaths from 'env-paths'
import { UsageError } from '../lib/errors.js'

/**
 * Saved API profiles (`shopapi login`): the appliance's URL and a key, by name, so `listen` and the
 * other API clients need neither flag every time. Kept in the user's config directory
 * ($XDG_CONFIG_HOME/shopapi/profiles.json, ~/Library/Preferences/shopapi, %APPDATA%\shopapi\Config),
 * readable by its owner only: the file holds API keys.
 */
export interface Profile {
  api_url: string
  api_key: string
  /** The key's shop, as GET /v1/shop answered at login (shown, never sent). */
  shop?: { id: string; name: string }
}

interface ProfilesFile {
  default?: string
  profiles: Record<string, Profile>
  /**
   * The shop staff commands work in when --shop is not given (`shopapi shops use`), by database: a
   * shop belongs to one database, and the same person may run several appliances from one account.
   */
  default_shops?: Record<string, string>
}

const profileName = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

/** SHOPAPI_CONFIG_DIR (tests, several setups side by side), else the platform's config directory. */
export function profilesPath(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.SHOPAPI_CONFIG_DIR || envPaths('shopapi', { suffix: '' }).config
  return path.join(dir, 'profiles.json')
}

export function checkProfileName(name: string): string {
  if (!profileName.test(name)) {
    throw new UsageError(`--profile: "${name}" is not a profile name (letters, digits, . _ -, at most 64)`)
  }
  return name
}

async function readProfiles(file: string): Promise<ProfilesFile> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} }
    throw error
  }
  try {
    const parsed = JSON.parse(text) as ProfilesFile
    return { default: parsed.default, profiles: parsed.profiles ?? {}, default_shops: parsed.default_shops ?? {} }
  } catch {
    throw new UsageError(`${file} is not valid JSON: fix or delete it, then run shopapi login again`)
  }
}

/**
 * Writes the file whole: a new file (0600, created exclusively, so never through a symlink or over
 * another's file) renamed over the old one, so a reader sees the old profiles or the new, never half.
 */
async function writeProfiles(file: string, content: ProfilesFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

/** Saves `profile` under `name`; the first one saved (or `makeDefault`) becomes the default. */
export async function saveProfile(name: string, profile: Profile, options: { makeDefault?: boolean } = {}) {
  const file = profilesPath()
  const current = await readProfiles(file)
  current.profiles[checkProfileName(name)] = profile
  if (options.makeDefault || !current.default || !(current.default in current.profiles)) current.default = name
  await writeProfiles(file, current)
  return { file, isDefault: current.default === name }
}

/** Forgets the profile `name`; true when there was one. */
export async function removeProfile(name: string): Promise<boolean> {
  const file = profilesPath()
  const current = await readProfiles(file)
  if (!(name in current.profiles)) return false
  delete current.profiles[name]
  if (current.default === name) current.default = Object.keys(current.profiles)[0]
  await writeProfiles(file, current)
  return true
}

/** The profiles, by name, and which is the default. */
export async function listProfiles(): Promise<ProfilesFile> {
  return readProfiles(profilesPath())
}

/**
 * The profile a command uses: the one named, else the default; undefined when none is saved and
 * none was named. A named profile that does not exist is an error that lists the saved ones.
 */
export async function findProfile(name: string | undefined): Promise<(Profile & { name: string }) | undefined> {
  const { default: fallback, profiles } = await readProfiles(profilesPath())
  const chosen = name ?? fallback
  if (chosen === undefined) return undefined
  const profile = profiles[chosen]
  if (!profile) {
    if (name === undefined) return undefined
    const saved = Object.keys(profiles)
    throw new UsageError(
      `No profile "${name}": ${saved.length > 0 ? `saved ones are ${saved.join(', ')}` : 'none is saved'}; save it with shopapi login --profile ${name} --api-url … --api-key …`,
    )
  }
  return { ...profile, name: chosen }
}

/** The shop saved with `shopapi shops use` for the database `databaseKey`, if any. */
export async function findDefaultShop(databaseKey: string): Promise<string | undefined> {
  const { default_shops: shops } = await readProfiles(profilesPath())
  return shops?.[databaseKey]
}

/** Saves (or, with null, forgets) the default shop of the database `databaseKey`. */
export async function saveDefaultShop(databaseKey: string, shopPublicId: string | null) {
  const file = profilesPath()
  const current = await readProfiles(file)
  const shops = { ...current.default_shops }
  if (shopPublicId === null) delete shops[databaseKey]
  else shops[databaseKey] = shopPublicId
  await writeProfiles(file, { ...current, default_shops: shops })
  return { file }
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import { loadMasterKey, secretKeyFileName } from '../../src/io/secret-key.js'
import { deriveSecrets, parseSecretKey, seal, unseal } from '../../src/lib/secrets.js'

const keyA = new Uint8Array(randomBytes(32))
const keyB = new Uint8Array(randomBytes(32))

t.test('seal and unseal round-trip; the sealed bytes hide the plaintext', async (t) => {
  const plaintext = JSON.stringify({ first_name: 'Zoë', note: 'ünïcode ✓ and a long tail '.repeat(20) })
  const sealed = seal(keyA, plaintext)
  t.equal(unseal(keyA, sealed), plaintext)
  t.notOk(sealed.includes(Buffer.from('first_name')), 'the plaintext does not appear in the sealed bytes')
  t.notOk(sealed.includes(Buffer.from('long tail')), 'nor any part of it')
  const again = seal(keyA, plaintext)
  t.notOk(sealed.equals(again), 'sealing twice gives different bytes (fresh nonce)')
  t.equal(unseal(keyA, again), plaintext)
  t.equal(unseal(keyA, seal(keyA, '')), '', 'the empty string round-trips')
})

t.test('unseal refuses another key and altered bytes', async (t) => {
  const sealed = seal(keyA, 'secret replay body')
  t.equal(unseal(keyB, sealed), null, 'another key')
  for (const index of [0, 30, sealed.length - 1]) {
    const altered = Buffer.from(sealed)
    altered[index] = (altered[index] ?? 0) ^ 0x01
    t.equal(unseal(keyA, altered), null, `a flipped bit at byte ${index}`)
  }
  t.equal(unseal(keyA, sealed.subarray(0, sealed.length - 1)), null, 'truncated')
  t.equal(unseal(keyA, Buffer.alloc(0)), null, 'empty')
})

t.test('parseSecretKey takes 32 bytes as hex or base64 and refuses anything else', async (t) => {
  const bytes = randomBytes(32)
  t.same(parseSecretKey(bytes.toString('hex')), bytes, 'lower-case hex')
  t.same(parseSecretKey(bytes.toString('hex').toUpperCase()), bytes, 'upper-case hex')
  t.same(parseSecretKey(`  ${bytes.toString('hex')}\n`), bytes, 'surrounding whitespace (a key file line)')
  t.same(parseSecretKey(bytes.toString('base64')), bytes, 'base64')
  t.equal(parseSecretKey(bytes.toString('hex')).length, 32, 'hex is read as hex, not as base64')
  for (const bad of [
    '',
    'short',
    bytes.toString('hex').slice(0, 62),
    randomBytes(16).toString('base64'),
    randomBytes(33).toString('base64'),
  ]) {
    t.throws(() => parseSecretKey(bad), /32 bytes/, `refused: ${JSON.stringify(bad.slice(0, 20))}`)
  }
})

t.test('loadMasterKey creates a 0600 key file in the data directory once and reads it back', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'shopapi-secrets-'))
  t.teardown(() => rm(root, { recursive: true, force: true }))
  const dataDir = path.join(root, 'nested', 'data')
  const first = loadMasterKey({ secretKey: undefined, dataDir })
  t.equal(first.length, 32)
  const file = path.join(dataDir, secretKeyFileName)
  const stat = fs.statSync(file)
  t.equal(stat.mode & 0o777, 0o600, 'the key file is readable by its owner only')
  t.same(parseSecretKey(fs.readFileSync(file, 'utf8')), first, 'the file holds the key')
  t.same(loadMasterKey({ secretKey: undefined, dataDir }), first, 'the second load reads the same key')
  t.same(fs.readdirSync(dataDir), [secretKeyFileName], 'nothing else is written')

  const otherDir = path.join(root, 'other')
  t.not(
    loadMasterKey({ secretKey: undefined, dataDir: otherDir }).toString('hex'),
    first.toString('hex'),
    'a new data directory gets a new key',
  )

  const given = randomBytes(32)
  const explicitDir = path.join(root, 'explicit')
  t.same(loadMasterKey({ secretKey: given.toString('hex'), dataDir: explicitDir }), given, 'SHOPAPI_SECRET_KEY wins')
  t.notOk(fs.existsSync(path.join(explicitDir, secretKeyFileName)), 'and no key file is created then')
  t.throws(
    () => loadMasterKey({ secretKey: 'nope', dataDir: explicitDir }),
    /32 bytes/,
    'a bad configured key is refused',
  )
})

t.test('the data directory is created 0700; an existing open one is tightened and said so once', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'shopapi-secrets-'))
  t.teardown(() => rm(root, { recursive: true, force: true }))
  const notices: string[] = []
  const dataDir = path.join(root, 'new', 'data')
  loadMasterKey({ secretKey: undefined, dataDir }, (notice) => notices.push(notice))
  t.equal(fs.statSync(dataDir).mode & 0o777, 0o700, 'a new data directory is 0700')
  t.equal(fs.statSync(path.join(root, 'new')).mode & 0o777, 0o700, 'and so are the parents it had to create')
  t.same(notices, [], 'creating it is not worth a notice')

  const openDir = path.join(root, 'open')
  fs.mkdirSync(openDir, { mode: 0o755 })
  fs.chmodSync(openDir, 0o755)
  loadMasterKey({ secretKey: undefined, dataDir: openDir }, (notice) => notices.push(notice))
  loadMasterKey({ secretKey: undefined, dataDir: openDir }, (notice) => notices.push(notice))
  t.equal(fs.statSync(openDir).mode & 0o777, 0o701, 'a 0755 one (made by an earlier version) loses all but o+x')
  t.same(notices, [`Tightened the data directory ${openDir} from 0755 to 0701: it holds secrets`], 'said once')
  t.equal(fs.statSync(root).mode & 0o777, 0o700, 'the parent is left alone')

  const shared = path.join(root, 'shared')
  fs.mkdirSync(shared)
  fs.chmodSync(shared, 0o1777)
  fs.writeFileSync(path.join(shared, 'someone-else.txt'), 'x')
  t.throws(
    () => loadMasterKey({ secretKey: undefined, dataDir: shared }),
    {
      message: `The data directory '${shared}' (1777) is open to others and holds other files: set SHOPAPI_DATA_DIR to a directory of its own, or run chmod 700 ${shared}`,
    },
    'a shared directory (like /tmp) is refused, not changed',
  )
  t.equal(fs.statSync(shared).mode & 0o7777, 0o1777, 'and left as it was')
  t.notOk(fs.existsSync(path.join(shared, secretKeyFileName)), 'no key is written there')
})

t.test('a key file others may read is refused with the chmod that fixes it', async (t) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'shopapi-secrets-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const file = path.join(dataDir, secretKeyFileName)
  const key = randomBytes(32)
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o644 })
  fs.chmodSync(file, 0o644)
  t.throws(
    () => loadMasterKey({ secretKey: undefined, dataDir }),
    { message: `Permissions 0644 for '${file}' are too open: run chmod 600 ${file}` },
    '0644 is refused',
  )
  fs.chmodSync(file, 0o640)
  t.throws(
    () => loadMasterKey({ secretKey: undefined, dataDir }),
    /Permissions 0640 .* chmod 600/,
    'group-readable too',
  )
  t.equal(fs.statSync(file).mode & 0o777, 0o640, 'the file is not changed behind the operator')
  fs.chmodSync(file, 0o600)
  t.same(loadMasterKey({ secretKey: undefined, dataDir }), key, 'after chmod 600 the key is used')
  fs.chmodSync(file, 0o400)
  t.same(loadMasterKey({ secretKey: undefined, dataDir }), key, 'read-only for its owner is fine too')
})

t.test('derived keys differ by purpose and are stable', async (t) => {
  const master = randomBytes(32)
  const a = deriveSecrets(master)
  const b = deriveSecrets(Buffer.from(master))
  t.same(a.cursorKey, b.cursorKey)
  t.same(Buffer.from(a.sealKey), Buffer.from(b.sealKey))
  t.notSame(Buffer.from(a.sealKey), a.cursorKey, 'the seal key is not the cursor key')
  t.notSame(a.cursorKey, master, 'neither is the master key')
  t.notSame(deriveSecrets(randomBytes(32)).cursorKey, a.cursorKey)
})

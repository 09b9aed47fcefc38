import { randomBytes } from 'node:crypto'
import t from 'tap'
import { openWithPassphrase, sealWithPassphrase } from '../../src/lib/passphrase-seal.js'

// The seal of a backup's secret key (docs/decisions/operations.md "Backups"): only its passphrase opens it.

const key = randomBytes(32)
const seal = sealWithPassphrase(key, 'a passphrase kept apart')

t.test('the passphrase it was sealed with opens it', async (t) => {
  t.same(openWithPassphrase(seal, 'a passphrase kept apart'), key)
  t.same(JSON.parse(JSON.stringify(seal)), seal, 'it is plain JSON')
  t.notMatch(JSON.stringify(seal), key.toString('hex'), 'the key is not in it in the clear')
  t.notMatch(JSON.stringify(seal), key.toString('base64'))
})

t.test('another passphrase, or an altered seal, opens nothing', async (t) => {
  t.equal(openWithPassphrase(seal, 'a passphrase kept apart '), null, 'one character more')
  const flipped = Buffer.from(seal.ciphertext, 'base64')
  flipped[0] = (flipped[0] ?? 0) ^ 1
  t.equal(openWithPassphrase({ ...seal, ciphertext: flipped.toString('base64') }, 'a passphrase kept apart'), null)
  t.equal(openWithPassphrase({ ...seal, salt: randomBytes(16).toString('base64') }, 'a passphrase kept apart'), null)
})

t.test('a seal asking for unbounded memory is refused without deriving', async (t) => {
  t.equal(openWithPassphrase({ ...seal, n: 2 ** 24 }, 'a passphrase kept apart'), null)
  t.equal(openWithPassphrase({ ...seal, r: 1024 }, 'a passphrase kept apart'), null)
})

t.test('each seal has its own salt and nonce', async (t) => {
  const again = sealWithPassphrase(key, 'a passphrase kept apart')
  t.not(again.salt, seal.salt)
  t.not(again.iv, seal.iv)
  t.not(again.ciphertext, seal.ciphertext)
})

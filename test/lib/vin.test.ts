import t from 'tap'
import { normalizePlate } from '../../src/lib/plates.js'
import { checkVin, isNorthAmericanVin, vinCheckDigit } from '../../src/lib/vin.js'

t.test('valid North American VINs pass, check digits 0-9 and X', async (t) => {
  t.same(checkVin('1HGCM82633A004352'), { valid: true, vin: '1HGCM82633A004352' })
  t.same(checkVin('1M8GDM9AXKP042788'), { valid: true, vin: '1M8GDM9AXKP042788' }, 'check digit X (remainder 10)')
  t.equal(vinCheckDigit('1HGCM82633A004352'), '3')
  t.equal(vinCheckDigit('1M8GDM9AXKP042788'), 'X')
  t.same(checkVin('  1hgcm82633a004352 '), { valid: true, vin: '1HGCM82633A004352' }, 'trimmed and upper-cased')
})

t.test('a wrong check digit is refused for North American VINs, with both digits named', async (t) => {
  const result = checkVin('1HGCM82643A004352')
  t.equal(result.valid, false)
  if (!result.valid) t.match(result.reason, /check digit \(position 9\) is 4 but .* require 3/)
  // One mistyped character elsewhere is what the check digit exists to catch.
  t.equal(checkVin('1HGCM82633A004353').valid, false)
})

t.test('non-North American VINs skip the check digit', async (t) => {
  t.equal(isNorthAmericanVin('WVWZZZ1JZXW000001'), false)
  t.not(vinCheckDigit('WVWZZZ1JZXW000001'), 'X', 'position 9 here would fail the North American check')
  t.same(checkVin('WVWZZZ1JZXW000001'), { valid: true, vin: 'WVWZZZ1JZXW000001' })
  t.same(checkVin('JHMCM56557C404453').valid, true, 'Japan (J) too')
  for (const first of ['1', '2', '3', '4', '5']) t.ok(isNorthAmericanVin(`${first}HGCM82633A004352`), first)
})

t.test('I, O and Q are refused, naming the letter and its position', async (t) => {
  for (const [vin, letter, position] of [
    ['1HGCM82633A00435I', 'I', 17],
    ['WVWZZZ1JZXW00O001', 'O', 14],
    ['QVWZZZ1JZXW000001', 'Q', 1],
  ] as const) {
    const result = checkVin(vin)
    t.equal(result.valid, false, vin)
    if (!result.valid) t.match(result.reason, new RegExp(`I, O or Q \\(found ${letter} at position ${position}\\)`))
  }
  t.equal(checkVin('wvwzzz1jzxw00o001').valid, false, 'lower-case o is refused after upper-casing')
})

t.test('length must be exactly 17 after trimming; only letters and digits', async (t) => {
  for (const vin of ['', '1HGCM82633A00435', '1HGCM82633A0043521', 'WVWZZZ1JZXW0000011']) {
    const result = checkVin(vin)
    t.equal(result.valid, false, JSON.stringify(vin))
    if (!result.valid) t.match(result.reason, `exactly 17 characters, got ${vin.length}`)
  }
  const inner = checkVin('WVWZZZ1JZ W000001')
  t.equal(inner.valid, false, 'an inner space is not a VIN character')
  if (!inner.valid) t.match(inner.reason, /only letters and digits \(found " " at position 10\)/)
  t.equal(checkVin('WVWZZZ1JZ-W00001').valid, false)
})

t.test('normalizePlate: upper-case without spaces, hyphens or dots', async (t) => {
  t.equal(normalizePlate('abc 123'), 'ABC123')
  t.equal(normalizePlate('ABC-123'), 'ABC123')
  t.equal(normalizePlate(' a.b.c - 1 2 3 '), 'ABC123')
  t.equal(normalizePlate('7XYZ·01'), '7XYZ·01', 'other characters are kept')
})

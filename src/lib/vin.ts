// Vehicle Identification Numbers (ISO 3779; the check digit is the North American rule of 49 CFR 565).

/** Digits and capital letters without I, O and Q, which VINs never use (they look like 1, 0 and 0). */
const vinCharacter = /^[0-9A-HJ-NPR-Z]$/

// Transliteration of letters for the check digit (49 CFR 565.15): digits stand for themselves.
const letterValues: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
const positionWeights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const

export type VinCheck = { valid: true; vin: string } | { valid: false; vin: string; reason: string }

/** The form a VIN is stored and compared in: trimmed, upper-case. */
export function normalizeVin(input: string): string {
  return input.trim().toUpperCase()
}

/**
 * World manufacturer identifiers starting 1-5 are North America (US, Canada, Mexico), where position 9
 * is a mandatory check digit. Elsewhere position 9 is free for the maker, so it is not checked.
 */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin)
}

/** The check digit position 9 must hold: `0`-`9` or `X` (for 10). `vin` must be 17 valid characters. */
export function vinCheckDigit(vin: string): string {
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const c = vin.charAt(i)
    const value = c >= '0' && c <= '9' ? Number(c) : (letterValues[c] ?? 0)
    sum += value * (positionWeights[i] ?? 0)
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

/** Normalizes and validates a VIN; `reason` is a message for the person who typed it. */
export function checkVin(input: string): VinCheck {
  const vin = normalizeVin(input)
  if (vin.length !== 17) {
    return { valid: false, vin, reason: `must be exactly 17 characters, got ${vin.length}` }
  }
  const chars = [...vin]
  const excluded = chars.findIndex((c) => c === 'I' || c === 'O' || c === 'Q')
  if (excluded !== -1) {
    return {
      valid: false,
      vin,
      reason: `must not contain the letters I, O or Q (found ${chars[excluded]} at position ${excluded + 1}); VINs use 1 and 0 instead`,
    }
  }
  const invalid = chars.findIndex((c) => !vinCharacter.test(c))
  if (invalid !== -1) {
    return {
      valid: false,
      vin,
      reason: `may contain only letters and digits (found ${JSON.stringify(chars[invalid])} at position ${invalid + 1})`,
    }
  }
  if (isNorthAmericanVin(vin)) {
    const expected = vinCheckDigit(vin)
    if (vin.charAt(8) !== expected) {
      return {
        valid: false,
        vin,
        reason: `check digit (position 9) is ${vin.charAt(8)} but the other characters require ${expected}: a character is probably mistyped`,
      }
    }
  }
  return { valid: true, vin }
}

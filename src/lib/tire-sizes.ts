// Tire sizes as written on sidewalls, quotes and supplier lists: metric (P215/65R15), light truck
// (LT245/75R16 120/116S), trailer (ST205/75R15), temporary spare (T125/70D15), with or without the
// service description (load index and speed rating).

export type TireConstruction = 'R' | 'ZR' | 'D' | 'B'
export type TireServiceType = 'P' | 'LT' | 'T' | 'ST'

export interface TireSize {
  /** Section width in millimetres. */
  width: number
  /** Sidewall height as a percentage of the width. */
  aspectRatio: number
  /** Inches; a number because some light-truck rims are half sizes (16.5). */
  rimDiameter: number
  /** R radial, ZR radial rated above 240 km/h, D diagonal (bias ply), B belted bias. */
  construction: TireConstruction
  /** The prefix (or an `LT` suffix); null for European metric sizes, which carry none. */
  serviceType: TireServiceType | null
  /** The first of a dual index (120/116: single/dual mounting), so it is the one that carries most. */
  loadIndex: number | null
  speedRating: string | null
  /** `[P|LT|ST|T]WWW/AA{R|ZR|D|B}DD`, e.g. `P215/65R15`, `225/45ZR17`: service description left out. */
  normalized: string
}

/** Longer input is refused before it is matched: no sidewall marking is anywhere near this long. */
export const maxTireSizeInputLength = 40

// Spaces are collapsed to one before matching, and the input is capped, so this pattern (which has no
// nested quantifiers) runs in time linear in at most 40 characters.
// Speed ratings skip I, O and X, which are not speed symbols, and A (A1-A8 are for slow machinery).
const tireSizePattern =
  /^(P|LT|ST|T)? ?(\d{2,3}) ?[/-] ?(\d{2,3}) ?(ZR|R|D|B) ?(\d{1,2}(?:\.\d)?)(?: ?(LT))?(?:(?: |(?=\())(\(?) ?(?:(\d{2,3})(?: ?\/ ?\d{2,3})?)? ?([B-HJ-NP-WYZ])? ?(\)?))?(?: (?:XL|RF|SL))?$/

/**
 * Reads a tire size: case-insensitive, spaces tolerated between parts, `-` accepted for the `/` after
 * the width. Returns null for anything else, including flotation sizes (31x10.50R15LT), whose
 * diameter-by-width form has no aspect ratio; they are rare enough to enter by name. Ranges are not
 * checked here (a width of 20 is read as 20): that is the API's job, with its own messages.
 */
export function parseTireSize(input: string): TireSize | null {
  if (input.length > maxTireSizeInputLength) return null
  const match = tireSizePattern.exec(input.trim().replace(/\s+/g, ' ').toUpperCase())
  if (match === null) return null
  const [, prefix, width, aspectRatio, construction, rim, suffix, open, loadIndex, speedRating, close] = match
  if (width === undefined || aspectRatio === undefined || rim === undefined) return null
  if ((open === '(') !== (close === ')')) return null
  // "(" or a space after the rim must introduce something: "225/45R17 ()" is not a size.
  if (open === '(' && loadIndex === undefined && speedRating === undefined) return null
  if (prefix !== undefined && suffix !== undefined && prefix !== suffix) return null
  const serviceType = (prefix ?? suffix ?? null) as TireServiceType | null
  const size = {
    width: Number(width),
    aspectRatio: Number(aspectRatio),
    rimDiameter: Number(rim),
    construction: construction as TireConstruction,
    serviceType,
  }
  return {
    ...size,
    loadIndex: loadIndex === undefined ? null : Number(loadIndex),
    speedRating: speedRating ?? null,
    normalized: formatTireSize(size),
  }
}

/** The canonical spelling, without the service description: `P215/65R15`, `225/45ZR17`, `LT235/85R16.5`. */
export function formatTireSize(
  size: Pick<TireSize, 'width' | 'aspectRatio' | 'rimDiameter' | 'construction' | 'serviceType'>,
): string {
  return `${size.serviceType ?? ''}${size.width}/${size.aspectRatio}${size.construction}${size.rimDiameter}`
}

/**
 * What inventory is searched by: the three numbers alone, so `225/45ZR17` and `225/45R17 94W` find the
 * same tires (ZR only marks a speed class, and P/LT are load classes a counter clerk filters by eye).
 */
export function tireSizeSearchKey(size: TireSize): string {
  return `${size.width}/${size.aspectRatio}R${size.rimDiameter}`
}

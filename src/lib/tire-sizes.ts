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
  /**
   * `[P|LT|ST|T]WWW/AA{R|ZR|D|B}DD`, e.g. `P215/65R15`, `225/45ZR17`; a flotation size as written on
   * its sidewall, `31x10.50R15LT`: service description left out.
   */
  normalized: string
  /**
   * A flotation size (31x10.50R15LT: overall diameter by section width, in inches), null for the
   * others. Its width and aspect ratio above are the metric equivalents (267 mm, 76), so filters and
   * search by the three numbers work alike for both systems.
   */
  flotation: { overallDiameter: number; sectionWidth: number } | null
}

/** Longer input is refused before it is matched: no sidewall marking is anywhere near this long. */
export const maxTireSizeInputLength = 40

// Spaces are collapsed to one before matching, and the input is capped, so this pattern (which has no
// nested quantifiers) runs in time linear in at most 40 characters.
// Speed ratings skip I, O and X, which are not speed symbols, and A (A1-A8 are for slow machinery).
// A last word may be a reinforcement (XL, RF, SL) or a light-truck load range (C to F, "123/120S E").
const tireSizePattern =
  /^(P|LT|ST|T)? ?(\d{2,3}) ?[/-] ?(\d{2,3}) ?(ZR|R|D|B) ?(\d{1,2}(?:\.\d)?)(?: ?(LT))?(?:(?: |(?=\())(\(?) ?(?:(\d{2,3})(?: ?\/ ?\d{2,3})?)? ?([B-HJ-NP-WYZ])? ?(\)?))?(?: (?:XL|RF|SL|C|D|E|F))?$/

// Flotation sizes, light-truck and off-road: 31x10.50R15LT, 33X12.50R20 114Q, LT35x12.50R17, and the
// bias-ply 33x12.50-15 (a hyphen where a radial has R). Overall diameter and rim in inches (a rim may be
// 16.5), section width in inches with up to two decimals. Linear for the same reasons as above.
const flotationPattern =
  /^(LT)? ?(\d{2}(?:\.\d)?) ?X ?(\d{1,2}(?:\.\d{1,2})?) ?(R|D|B|-) ?(\d{1,2}(?:\.\d)?)(?: ?(LT))?(?: (\d{2,3})(?: ?\/ ?\d{2,3})? ?([B-HJ-NP-WYZ])?)?(?: (?:XL|RF|SL|E|D|C))?$/

/**
 * Reads a tire size: case-insensitive, spaces tolerated between parts, `-` accepted for the `/` after
 * the width; metric (P, LT, ST, T or none) and flotation (31x10.50R15LT). Returns null for anything
 * else. Ranges are not checked here (a width of 20 is read as 20): that is the API's job, with its own
 * messages.
 */
export function parseTireSize(input: string): TireSize | null {
  if (input.length > maxTireSizeInputLength) return null
  const text = input.trim().replace(/\s+/g, ' ').toUpperCase()
  const match = tireSizePattern.exec(text)
  if (match === null) return parseFlotationSize(text)
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
    flotation: null,
  }
}

const millimetresPerInch = 25.4

function parseFlotationSize(text: string): TireSize | null {
  const match = flotationPattern.exec(text)
  if (match === null) return null
  const [, prefix, diameter, width, construction, rim, suffix, loadIndex, speedRating] = match
  if (diameter === undefined || width === undefined || rim === undefined) return null
  const overallDiameter = Number(diameter)
  const sectionWidth = Number(width)
  const rimDiameter = Number(rim)
  // The sidewall is what the diameter has beyond the rim, on each side: none is no tire.
  const sidewall = (overallDiameter - rimDiameter) / 2
  if (sectionWidth <= 0 || sidewall <= 0) return null
  const lightTruck = prefix !== undefined || suffix !== undefined
  const shown = construction === '-' ? '-' : construction
  return {
    width: Math.round(sectionWidth * millimetresPerInch),
    aspectRatio: Math.round((sidewall / sectionWidth) * 100),
    rimDiameter,
    construction: (construction === '-' ? 'D' : construction) as TireConstruction,
    serviceType: lightTruck ? 'LT' : null,
    loadIndex: loadIndex === undefined ? null : Number(loadIndex),
    speedRating: speedRating ?? null,
    normalized: `${overallDiameter}x${sectionWidth.toFixed(2)}${shown}${rimDiameter}${lightTruck ? 'LT' : ''}`,
    flotation: { overallDiameter, sectionWidth },
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

import { uniformInt } from 'pure-rand/distribution/uniformInt'
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator'

/**
 * A reproducible source of choices: the same seed gives the same sequence on every machine and Node
 * version (pure-rand's xoroshiro128+ and its unbiased integer distribution; Math.random cannot be
 * seeded). Each use takes values in call order, so a caller that keeps its order keeps its output.
 */
export class SeededRandom {
  readonly #generator: RandomGenerator

  constructor(seed: number) {
    this.#generator = xoroshiro128plus(seed)
  }

  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return uniformInt(this.#generator, min, max)
  }

  /** True with probability `probability` (0-1), to a millionth. */
  chance(probability: number): boolean {
    return this.int(0, 999_999) < Math.round(probability * 1_000_000)
  }

  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new Error('pick from an empty list')
    return values[this.int(0, values.length - 1)] as T
  }

  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = this.int(1, total)
    for (const [value, weight] of choices) {
      roll -= weight
      if (roll <= 0) return value
    }
    return (choices[choices.length - 1] as readonly [T, number])[0]
  }

  /** `count` characters drawn from `alphabet`. */
  characters(alphabet: string, count: number): string {
    let text = ''
    for (let i = 0; i < count; i++) text += alphabet.charAt(this.int(0, alphabet.length - 1))
    return text
  }

  /** A decimal string with `scale` places from `min` to `max` (given in units of 10^-scale). */
  decimal(minUnits: number, maxUnits: number, scale: number): string {
    const units = this.int(minUnits, maxUnits)
    if (scale === 0) return String(units)
    const text = String(units).padStart(scale + 1, '0')
    return `${text.slice(0, -scale)}.${text.slice(-scale)}`
  }
}

// A seeded generator, so every large seed has the same shape (counts, distributions, titles); only the
// ids and timestamps differ between runs.

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** mulberry32: fast, 32-bit state, good enough for synthetic data. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** Draws distinct indexes with probability proportional to their weights (rejection of repeats). */
export class WeightedPicker {
  private readonly cumulative: Float64Array;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
  }

  get size(): number {
    return this.cumulative.length;
  }

  pickDistinct(random: Random, count: number): number[] {
    const wanted = Math.min(count, this.size);
    const chosen = new Set<number>();
    const total = this.cumulative[this.size - 1]!;
    while (chosen.size < wanted) {
      const target = random.next() * total;
      let lo = 0;
      let hi = this.size - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.cumulative[mid]! <= target) lo = mid + 1;
        else hi = mid;
      }
      chosen.add(lo);
    }
    return [...chosen];
  }
}

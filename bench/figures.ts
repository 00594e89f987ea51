/** What the benchmarks compute of their samples. */

/** The value below which `p` per cent of the values fall (the nearest rank; 0 for no values). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The middle value of `values` (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length / 2;
  return ((sorted[Math.floor(middle)] ?? NaN) + (sorted[Math.ceil(middle) - 1] ?? NaN)) / 2;
}

/** The median of each figure over the samples, in the order of the first sample's keys. */
export const medianOfEach = <K extends string>(
  samples: readonly Record<K, number>[],
  keys = Object.keys(samples[0] ?? {}) as K[],
): Record<K, number> =>
  Object.fromEntries(
    keys.map((key) => [key, median(samples.map((sample) => sample[key]))]),
  ) as Record<K, number>;

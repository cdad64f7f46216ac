import { describe, expect, it } from 'vitest';
import { median, medianOfEach } from './median.ts';

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([900, 700, 800])).toBe(800);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes each figure’s median over the samples, in the order of their keys', () => {
    const medians = medianOfEach([40, 90, 60].map((latency) => ({ latency, done: latency * 2 })));
    expect(medians).toEqual({ latency: 60, done: 120 });
    expect(Object.keys(medians)).toEqual(['latency', 'done']);
  });
});

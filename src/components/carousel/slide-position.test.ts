import { describe, expect, it } from 'vitest';
import { step, type Position } from './slide-position.ts';

const at = (index: number): Position => ({ index, from: null, direction: 1 });

describe('step', () => {
  it('moves one slide in the direction of travel and remembers where it came from', () => {
    expect(step(at(1), 1, 5)).toEqual({ index: 2, from: 1, direction: 1 });
    expect(step(at(1), -1, 5)).toEqual({ index: 0, from: 1, direction: -1 });
  });

  it('wraps around both ends', () => {
    expect(step(at(4), 1, 5)).toEqual({ index: 0, from: 4, direction: 1 });
    expect(step(at(0), -1, 5)).toEqual({ index: 4, from: 0, direction: -1 });
  });

  it('counts from the slide on show when the list has shrunk', () => {
    expect(step(at(6), 1, 5)).toEqual({ index: 2, from: 1, direction: 1 });
  });
});

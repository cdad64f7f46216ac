/** +1 travels to the next slide (content moves left), -1 to the previous one. */
export type Direction = 1 | -1;

export interface Position {
  index: number;
  /** The slide shown before the last change; `null` before any change, so nothing animates. */
  from: number | null;
  direction: Direction;
}

/** The position one slide in `direction` from `position`, wrapping around `total` slides. */
export function step(position: Position, direction: Direction, total: number): Position {
  const from = position.index % total;
  return { index: (from + direction + total) % total, from, direction };
}

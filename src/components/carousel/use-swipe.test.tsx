import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Direction } from './slide-position.ts';
import { useSwipe } from './use-swipe.ts';

function SwipeArea({ onSwipe }: { onSwipe: (direction: Direction) => void }) {
  return <div data-testid="area" {...useSwipe(20, onSwipe)} />;
}

function setUp() {
  const onSwipe = vi.fn<(direction: Direction) => void>();
  render(<SwipeArea onSwipe={onSwipe} />);
  return { onSwipe, area: screen.getByTestId('area') };
}

const finger = { pointerId: 1, pointerType: 'touch', isPrimary: true };

describe('useSwipe', () => {
  it('tells a swipe to the left (next) from one to the right (previous)', () => {
    const { onSwipe, area } = setUp();
    fireEvent.pointerDown(area, { ...finger, clientX: 200 });
    fireEvent.pointerUp(area, { ...finger, clientX: 180 });
    fireEvent.pointerDown(area, { ...finger, clientX: 200 });
    fireEvent.pointerUp(area, { ...finger, clientX: 350 });
    expect(onSwipe.mock.calls).toEqual([[1], [-1]]);
  });

  it('ignores a movement shorter than the threshold', () => {
    const { onSwipe, area } = setUp();
    fireEvent.pointerDown(area, { ...finger, clientX: 200 });
    fireEvent.pointerUp(area, { ...finger, clientX: 181 });
    expect(onSwipe).not.toHaveBeenCalled();
  });

  it('follows only the first finger and the main mouse button', () => {
    const { onSwipe, area } = setUp();
    fireEvent.pointerDown(area, { ...finger, isPrimary: false, clientX: 200 });
    fireEvent.pointerUp(area, { ...finger, isPrimary: false, clientX: 100 });
    const mouse = { pointerId: 2, pointerType: 'mouse' };
    fireEvent.pointerDown(area, { ...mouse, button: 2, clientX: 200 });
    fireEvent.pointerUp(area, { ...mouse, button: 2, clientX: 100 });
    expect(onSwipe).not.toHaveBeenCalled();
    fireEvent.pointerDown(area, { ...mouse, button: 0, clientX: 200 });
    fireEvent.pointerUp(area, { ...mouse, button: 0, clientX: 100 });
    expect(onSwipe).toHaveBeenCalledWith(1);
  });

  it('ends only with the pointer that started it, and forgets a cancelled one', () => {
    const { onSwipe, area } = setUp();
    fireEvent.pointerDown(area, { ...finger, clientX: 200 });
    fireEvent.pointerUp(area, { ...finger, pointerId: 9, clientX: 100 });
    expect(onSwipe).not.toHaveBeenCalled();
    fireEvent.pointerCancel(area, finger);
    fireEvent.pointerUp(area, { ...finger, clientX: 100 });
    expect(onSwipe).not.toHaveBeenCalled();
  });
});

import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staticMediaQueryList } from '../../test/media-query-list.ts';
import type { Position } from './slide-position.ts';
import { useSlideAnimation } from './use-slide-animation.ts';

function Slides({ position }: { position: Position }) {
  const slideRefs = useSlideAnimation(position, 500);
  return (
    <>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          data-slide={i}
          ref={(element) => {
            slideRefs.current[i] = element;
          }}
        />
      ))}
    </>
  );
}

const slide = (container: HTMLElement, i: number) => container.querySelector(`[data-slide="${i}"]`);

let animate: ReturnType<typeof vi.fn<Element['animate']>>;
let cancel: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  cancel = vi.fn<() => void>();
  // jsdom has no Web Animations API; lend it a recording stand-in.
  animate = vi.fn<Element['animate']>(() => ({ cancel }) as unknown as Animation);
  Element.prototype.animate = animate;
});

afterEach(() => {
  Reflect.deleteProperty(Element.prototype, 'animate');
});

describe('useSlideAnimation', () => {
  it('does not animate the first slide on show', () => {
    render(<Slides position={{ index: 0, from: null, direction: 1 }} />);
    expect(animate).not.toHaveBeenCalled();
  });

  it('moves the outgoing slide out and the incoming one in, in the direction of travel', () => {
    const { container, rerender } = render(
      <Slides position={{ index: 0, from: null, direction: 1 }} />,
    );
    rerender(<Slides position={{ index: 2, from: 1, direction: -1 }} />);
    expect(animate.mock.contexts).toEqual([slide(container, 1), slide(container, 2)]);
    expect(animate.mock.calls).toEqual([
      [
        [
          { transform: 'translateX(0)', visibility: 'visible' },
          { transform: 'translateX(100%)', visibility: 'visible' },
        ],
        { duration: 500, easing: 'ease-in-out' },
      ],
      [
        [{ transform: 'translateX(-100%)' }, { transform: 'translateX(0)' }],
        { duration: 500, easing: 'ease-in-out' },
      ],
    ]);
  });

  it('cuts a running slide short when the next change comes', () => {
    const { rerender } = render(<Slides position={{ index: 1, from: 0, direction: 1 }} />);
    expect(cancel).not.toHaveBeenCalled();
    rerender(<Slides position={{ index: 2, from: 1, direction: 1 }} />);
    expect(cancel).toHaveBeenCalledTimes(2);
    expect(animate).toHaveBeenCalledTimes(4);
  });

  it('changes at once under reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
      staticMediaQueryList(query, query === '(prefers-reduced-motion: reduce)'),
    );
    render(<Slides position={{ index: 1, from: 0, direction: 1 }} />);
    expect(animate).not.toHaveBeenCalled();
  });
});

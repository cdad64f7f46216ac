import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel.tsx';
import { staticMediaQueryList } from '../../test/media-query-list.ts';
import { carouselConfig } from './carousel-config.ts';

const texts = ['text 0', 'text 1', 'text 2', 'text 3', 'text 4'];
const pauseName = 'Automatischen Wechsel anhalten';
const playName = 'Automatischen Wechsel starten';

function renderCarousel(slides: readonly string[] = texts) {
  const result = render(
    <>
      <Carousel
        id="intro"
        label="Auf einen Blick"
        slides={slides}
        slideLabel={(current, total) => `${current} von ${total}`}
        pauseLabel={pauseName}
        playLabel={playName}
      />
      <button type="button">after the carousel</button>
    </>,
  );
  // No delays between user-event's steps: the fake clock moves only when a test says so.
  const user = userEvent.setup({ delay: null });
  return { ...result, user };
}

function region() {
  return screen.getByRole('region', { name: 'Auf einen Blick' });
}

/** All slides, including the inert ones, which the accessibility tree leaves out. */
function allSlides() {
  return within(region()).getAllByRole('group', { hidden: true });
}

function visibleSlides() {
  return allSlides().filter((slide) => !slide.hasAttribute('inert'));
}

/** 1-based number of the one slide on show. */
function currentSlide(): number {
  const visible = visibleSlides();
  expect(visible).toHaveLength(1);
  return allSlides().indexOf(visible[0]!) + 1;
}

function toggle() {
  return within(region()).getByRole('button');
}

function liveRegion() {
  return allSlides()[0]!.parentElement!;
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function stubReducedMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    staticMediaQueryList(query, query === '(prefers-reduced-motion: reduce)'),
  );
}

function setDocumentHidden(hidden: boolean) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(hidden ? 'hidden' : 'visible');
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

function swipe(distancePx: number) {
  const target = visibleSlides()[0]!;
  fireEvent.pointerDown(target, {
    pointerId: 1,
    pointerType: 'touch',
    isPrimary: true,
    clientX: 200,
  });
  fireEvent.pointerMove(target, {
    pointerId: 1,
    pointerType: 'touch',
    isPrimary: true,
    clientX: 200 + distancePx,
  });
  fireEvent.pointerUp(target, {
    pointerId: 1,
    pointerType: 'touch',
    isPrimary: true,
    clientX: 200 + distancePx,
  });
}

/** jsdom has no Web Animations API; lend it a recording stand-in. */
function mockAnimate() {
  const animate = vi.fn<Element['animate']>(() => ({ cancel: () => {} }) as Animation);
  Element.prototype.animate = animate;
  return animate;
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library's async wrapper (which user-event goes through) ends on a zero-delay timeout
  // and moves fake clocks only when it sees a `jest` global; give it Vitest's clock under that name.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(Element.prototype, 'animate');
});

describe('Carousel', () => {
  it('exposes a named carousel region with labelled slide groups, only one of them shown', () => {
    renderCarousel();
    const section = region();
    expect(section.tagName).toBe('SECTION');
    expect(section).toHaveAttribute('id', 'intro');
    expect(section).toHaveAttribute('aria-roledescription', 'carousel');

    const all = allSlides();
    expect(all).toHaveLength(5);
    all.forEach((slide, i) => {
      expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      expect(slide).toHaveAttribute('aria-label', `${i + 1} von 5`);
      expect(slide).toHaveTextContent(`text ${i}`);
    });
    expect(currentSlide()).toBe(1);
    expect(all.slice(1).every((slide) => slide.hasAttribute('inert'))).toBe(true);
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
  });

  it('has exactly one control, a pause/play toggle, and no slide pickers', () => {
    renderCarousel();
    const buttons = within(region()).getAllByRole('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAttribute('type', 'button');
    expect(buttons[0]).toHaveAccessibleName(pauseName);
  });

  it('advances every 3000 ms, not earlier, and wraps from the last slide to the first', () => {
    renderCarousel();
    expect(carouselConfig.autoplayMs).toBe(3000);

    advance(2999);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);

    advance(2999);
    expect(currentSlide()).toBe(2);
    advance(1);
    expect(currentSlide()).toBe(3);

    advance(3000);
    advance(3000);
    expect(currentSlide()).toBe(5);
    advance(3000);
    expect(currentSlide()).toBe(1);
  });

  it('stops when the toggle is pressed and starts again when it is pressed once more', async () => {
    const { user } = renderCarousel();
    await user.click(toggle());
    expect(toggle()).toHaveAccessibleName(playName);
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    await user.unhover(region());

    advance(10_000);
    expect(currentSlide()).toBe(1);

    await user.click(toggle());
    await user.unhover(region());
    expect(toggle()).toHaveAccessibleName(pauseName);
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    advance(2999);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
  });

  it('keeps a stop for the visit: a carousel mounted again (after a route change) starts stopped', async () => {
    const first = renderCarousel();
    await first.user.click(toggle());
    first.unmount();

    renderCarousel();
    expect(toggle()).toHaveAccessibleName(playName);
    advance(10_000);
    expect(currentSlide()).toBe(1);
  });

  it('moves with the arrow keys, circularly in both directions', async () => {
    const { user } = renderCarousel();
    await user.tab();
    expect(toggle()).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toBe(2);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(currentSlide()).toBe(5);
    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toBe(1);
  });

  it('pauses while the pointer hovers and resumes with a full interval on leaving', async () => {
    const { user } = renderCarousel();
    advance(2000);
    await user.hover(region());
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
    // Hovering only pauses; the visitor has not stopped the rotation.
    expect(toggle()).toHaveAccessibleName(pauseName);

    advance(10_000);
    expect(currentSlide()).toBe(1);

    await user.unhover(region());
    expect(liveRegion()).toHaveAttribute('aria-live', 'off');
    advance(2999);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
  });

  it('ignores touch for hovering, so a tap does not pause the rotation', () => {
    renderCarousel();
    fireEvent.pointerOver(region(), { pointerType: 'touch' });
    advance(3000);
    expect(currentSlide()).toBe(2);
  });

  it('stops when keyboard focus enters and stays stopped after it leaves, until play is pressed', async () => {
    const { user } = renderCarousel();
    await user.tab();
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAccessibleName(playName);
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');

    await user.tab();
    expect(screen.getByRole('button', { name: 'after the carousel' })).toHaveFocus();
    advance(10_000);
    expect(currentSlide()).toBe(1);
    expect(toggle()).toHaveAccessibleName(playName);

    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(toggle()).toHaveAccessibleName(pauseName);
    advance(3000);
    expect(currentSlide()).toBe(2);
  });

  it('does not take a mouse press on the toggle for keyboard focus', async () => {
    const { user } = renderCarousel();
    await user.click(toggle());
    // One press, one change: stopped, not stopped by focus and restarted by the click.
    expect(toggle()).toHaveAccessibleName(playName);
    await user.click(toggle());
    expect(toggle()).toHaveAccessibleName(pauseName);
  });

  it('tells a mouse press from keyboard focus where :focus-visible is unknown', async () => {
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (
      this: Element,
      selector: string,
    ) {
      if (selector === ':focus-visible') throw new SyntaxError(`unknown selector ${selector}`);
      return matches.call(this, selector);
    });
    const { user } = renderCarousel();

    await user.click(toggle());
    expect(toggle()).toHaveAccessibleName(playName);
    await user.click(toggle());
    expect(toggle()).toHaveAccessibleName(pauseName);

    await user.tab();
    await user.tab({ shift: true });
    expect(toggle()).toHaveFocus();
    expect(toggle()).toHaveAccessibleName(playName);
  });

  it('never starts by itself under reduced motion, but rotates once play is pressed', async () => {
    stubReducedMotion();
    const animate = mockAnimate();
    const { user } = renderCarousel();
    expect(toggle()).toHaveAccessibleName(playName);
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');

    advance(10_000);
    expect(currentSlide()).toBe(1);

    await user.click(toggle());
    await user.unhover(region());
    advance(3000);
    expect(currentSlide()).toBe(2);
    // Under reduced motion the change is instant.
    expect(animate).not.toHaveBeenCalled();
  });

  it('pauses while the document is hidden', () => {
    renderCarousel();
    advance(1000);
    setDocumentHidden(true);
    advance(10_000);
    expect(currentSlide()).toBe(1);
    expect(toggle()).toHaveAccessibleName(pauseName);

    setDocumentHidden(false);
    advance(2999);
    expect(currentSlide()).toBe(1);
    advance(1);
    expect(currentSlide()).toBe(2);
  });

  it('moves one slide on a swipe of at least 20 px: left to the next, right to the previous', () => {
    renderCarousel();
    expect(carouselConfig.swipeThresholdPx).toBe(20);
    swipe(-20);
    expect(currentSlide()).toBe(2);
    swipe(-150);
    expect(currentSlide()).toBe(3);
    swipe(20);
    expect(currentSlide()).toBe(2);
    swipe(30);
    swipe(30);
    expect(currentSlide()).toBe(5);
  });

  it('does not move on a drag shorter than 20 px', () => {
    renderCarousel();
    swipe(-19);
    expect(currentSlide()).toBe(1);
    swipe(19);
    expect(currentSlide()).toBe(1);
  });

  it('moves with a mouse drag too', () => {
    renderCarousel();
    const target = visibleSlides()[0]!;
    fireEvent.pointerDown(target, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 300 });
    fireEvent.pointerUp(target, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 270 });
    expect(currentSlide()).toBe(2);
  });

  it('forgets a cancelled swipe', () => {
    renderCarousel();
    const target = visibleSlides()[0]!;
    fireEvent.pointerDown(target, {
      pointerId: 1,
      pointerType: 'touch',
      isPrimary: true,
      clientX: 200,
    });
    fireEvent.pointerCancel(target, { pointerId: 1, pointerType: 'touch', isPrimary: true });
    fireEvent.pointerUp(target, {
      pointerId: 1,
      pointerType: 'touch',
      isPrimary: true,
      clientX: 100,
    });
    expect(currentSlide()).toBe(1);
  });

  it('restarts the autoplay interval after a manual change', () => {
    renderCarousel();
    advance(2500);
    swipe(-40);
    expect(currentSlide()).toBe(2);
    advance(2999);
    expect(currentSlide()).toBe(2);
    advance(1);
    expect(currentSlide()).toBe(3);
  });

  it('slides the outgoing slide out and the incoming one in, for 500 ms, in the direction of travel', async () => {
    const animate = mockAnimate();
    const { user } = renderCarousel();

    advance(3000);
    expect(animate).toHaveBeenCalledTimes(2);
    const [outgoing, incoming] = animate.mock.contexts as HTMLElement[];
    expect(outgoing).toBe(allSlides()[0]);
    expect(incoming).toBe(allSlides()[1]);
    const [outKeyframes, outTiming] = animate.mock.calls[0]!;
    const [inKeyframes, inTiming] = animate.mock.calls[1]!;
    expect(outTiming).toMatchObject({ duration: 500 });
    expect(inTiming).toMatchObject({ duration: 500 });
    expect(outKeyframes).toEqual([
      { transform: 'translateX(0)', visibility: 'visible' },
      { transform: 'translateX(-100%)', visibility: 'visible' },
    ]);
    expect(inKeyframes).toEqual([
      { transform: 'translateX(100%)' },
      { transform: 'translateX(0)' },
    ]);

    animate.mockClear();
    await user.tab();
    await user.keyboard('{ArrowLeft}');
    expect(animate.mock.calls[0]![0]).toEqual([
      { transform: 'translateX(0)', visibility: 'visible' },
      { transform: 'translateX(100%)', visibility: 'visible' },
    ]);
    expect(animate.mock.calls[1]![0]).toEqual([
      { transform: 'translateX(-100%)' },
      { transform: 'translateX(0)' },
    ]);
  });

  it('renders slide text as plain text', () => {
    renderCarousel(['<b>bold?</b>', 'second']);
    expect(allSlides()[0]).toHaveTextContent('<b>bold?</b>');
    expect(region().querySelector('b')).toBeNull();
  });
});

import {
  useCallback,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
} from 'react';
import { carouselConfig } from './carousel-config.ts';
import styles from './carousel.module.css';
import { step, type Direction, type Position } from './slide-position.ts';
import { readStopChoice, storeStopChoice, subscribeToStopChoice } from './stop-choice.ts';
import { useAutoplay } from './use-autoplay.ts';
import { useDocumentHidden } from './use-document-hidden.ts';
import { useReducedMotion } from './use-reduced-motion.ts';
import { useSlideAnimation } from './use-slide-animation.ts';
import { useSwipe } from './use-swipe.ts';

export interface CarouselProps {
  /** Id of the root `<section>`; also prefixes the ids of the carousel's parts. */
  id: string;
  /** Accessible name of the region. */
  label: string;
  /** Already-translated plain texts, one per slide, in order. */
  slides: readonly string[];
  /** Accessible name of a slide from its 1-based position, e.g. `(2, 5) => '2 von 5'`. */
  slideLabel: (current: number, total: number) => string;
  /** Name of the toggle while the carousel rotates (pressing it stops the rotation). */
  pauseLabel: string;
  /** Name of the toggle while the carousel is stopped (pressing it starts the rotation). */
  playLabel: string;
}

/**
 * Whether focus arrived by keyboard (or assistive technology) rather than by a mouse press on the
 * toggle, which must not count as "focus entered the carousel" (else a click on "pause" would
 * stop and at once restart the rotation). A pointer press in progress settles it first, since
 * engines differ on `:focus-visible` after a press and older ones throw on the selector.
 */
function isKeyboardFocus(element: Element, pointerPressed: boolean): boolean {
  if (pointerPressed) return false;
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * A rotating text carousel following the WAI-ARIA APG carousel pattern, reduced to a single
 * pause/play control: rotation pauses on hover, stops for good when keyboard focus enters (until
 * the visitor presses play), pauses while the page is hidden and never starts by itself under
 * `prefers-reduced-motion`.
 */
export function Carousel({ id, label, slides, slideLabel, pauseLabel, playLabel }: CarouselProps) {
  const total = slides.length;
  const [position, setPosition] = useState<Position>({ index: 0, from: null, direction: 1 });
  // Hydration renders with the server's values (visible, no reduced motion), so that the first
  // render matches the prerendered HTML; React then re-renders with the visitor's real settings
  // before the first tick could fire.
  const documentHidden = useDocumentHidden();
  const reducedMotion = useReducedMotion();
  // The visitor's own stop or start (toggle, keyboard focus) persists; until they make one,
  // reduced motion decides. Hover and a hidden document only pause while they last.
  // It holds for the visit (see stop-choice.ts); hydration renders as the server did, without one.
  const stoppedByVisitor = useSyncExternalStore(
    subscribeToStopChoice,
    () => readStopChoice(id),
    () => null,
  );
  const setStoppedByVisitor = (choice: boolean) => storeStopChoice(id, choice);
  const stopped = stoppedByVisitor ?? reducedMotion;
  const [hovered, setHovered] = useState(false);
  const rotating = total > 1 && !stopped && !hovered && !documentHidden;

  const slideRefs = useSlideAnimation(position, carouselConfig.speedMs);
  const pointerPressed = useRef(false);

  // The slide list may shrink between renders; never point past its end.
  const current = total > 0 ? position.index % total : 0;

  const advance = useCallback(() => {
    if (total > 1) setPosition((previous) => step(previous, 1, total));
  }, [total]);
  const restartAutoplay = useAutoplay(rotating, carouselConfig.autoplayMs, advance);

  /** A change the visitor asked for: the next automatic one is again a full interval away. */
  const go = (direction: Direction) => {
    if (total < 2) return;
    setPosition((previous) => step(previous, direction, total));
    restartAutoplay();
  };
  const swipeHandlers = useSwipe(carouselConfig.swipeThresholdPx, go);

  const onFocus = (event: FocusEvent<HTMLButtonElement>) => {
    if (isKeyboardFocus(event.target, pointerPressed.current)) setStoppedByVisitor(true);
    pointerPressed.current = false;
  };
  // Forget a press as soon as it can no longer be what moved focus here, so that a later Tab
  // into the toggle is still recognised as keyboard focus.
  const releasePointer = () => {
    pointerPressed.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowRight' ? 1 : -1);
    }
  };

  if (total === 0) return null;

  const slidesId = `${id}-slides`;
  const toggleLabel = stopped ? playLabel : pauseLabel;

  return (
    <section
      id={id}
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={(event) => {
        // A finger has no hover; a tap would otherwise pause the carousel until the next tap.
        if (event.pointerType !== 'touch') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
    >
      {total > 1 && (
        // First in reading order, so screen reader users meet the control before the moving text.
        <button
          type="button"
          className={styles.toggle}
          aria-controls={slidesId}
          title={toggleLabel}
          onClick={() => setStoppedByVisitor(!stopped)}
          onKeyDown={onKeyDown}
          // The toggle is the carousel's only focusable element, so its focus is the carousel's.
          onFocus={onFocus}
          onBlur={releasePointer}
          onPointerDown={() => {
            pointerPressed.current = true;
          }}
          onPointerUp={releasePointer}
          onPointerCancel={releasePointer}
          onPointerLeave={releasePointer}
        >
          {stopped ? <PlayIcon /> : <PauseIcon />}
          <span className="visually-hidden">{toggleLabel}</span>
        </button>
      )}
      <div className={styles.viewport} {...swipeHandlers}>
        <div id={slidesId} className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
          {slides.map((text, i) => (
            <div
              // The texts are a fixed list and may repeat, so the position is their stable identity.
              // oxlint-disable-next-line react/no-array-index-key
              key={i}
              ref={(element) => {
                slideRefs.current[i] = element;
              }}
              className={styles.slide}
              // The APG carousel pattern's slide is a group; no native element means "slide".
              // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
              role="group"
              aria-roledescription="slide"
              aria-label={slideLabel(i + 1, total)}
              inert={i !== current}
            >
              <p className={styles.text}>{text}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

function PauseIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3.5" y="2.5" width="3" height="11" rx="0.75" />
      <rect x="9.5" y="2.5" width="3" height="11" rx="0.75" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4.5 2.75v10.5a.75.75 0 0 0 1.14.64l8.4-5.25a.75.75 0 0 0 0-1.28l-8.4-5.25a.75.75 0 0 0-1.14.64Z" />
    </svg>
  );
}

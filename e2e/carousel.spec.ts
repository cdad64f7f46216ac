import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { textsOf } from './support/translations.ts';

// The specification's constants (src/components/carousel/carousel-config.ts), restated so that a
// changed constant shows up here as a failing test rather than a silently moved goalpost.
const AUTOPLAY_MS = 3000;
const SPEED_MS = 500;
const TOTAL = 5;

/** The texts of the German page, which the tests visit. */
const t = textsOf('de');

/** One change of the shown slide, as seen from inside the page. */
interface Change {
  /** `performance.now()` when the shown slide changed: the page's time, Playwright's clock. */
  at: number;
  /** 0-based index of the slide shown from then on. */
  index: number;
  /** Declared durations of the carousel's animations started by the change. */
  durations: number[];
  /**
   * How long each of those animations ran on the document's timeline, from its first frame until it
   * finished (animations run on that timeline, not on Playwright's clock).
   */
  ranFor: number[];
}

function carousel(page: Page) {
  const region = page.locator('#intro');
  return {
    region,
    slides: region.getByRole('group', { includeHidden: true }),
    // The slide on show is the one group that is not inert.
    shown: region.getByRole('group', { includeHidden: true }).and(region.locator(':not([inert])')),
    // The one button: named to pause while the carousel turns, to play while it stands.
    toggle: region.getByRole('button'),
  };
}

const slideName = (current: number) => t('intro.slide', { current, total: TOTAL });

/** The slide label as a pattern that captures the slide's number: "(\d+) von 5". */
const slideLabel = new RegExp(
  `^${t('intro.slide')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\\{current\\}', '(\\d+)')
    .replace('\\{total\\}', String(TOTAL))}$`,
);

/** 1-based number of the slide on show. */
async function shownNumber(page: Page): Promise<number> {
  const label = await carousel(page).shown.getAttribute('aria-label');
  const current = Number(slideLabel.exec(label ?? '')?.[1]);
  expect(current, `slide label "${label}"`).toBeGreaterThan(0);
  return current;
}

const following = (current: number, steps = 1) => ((current - 1 + steps + TOTAL) % TOTAL) + 1;

/**
 * Watches the carousel from inside the page until the shown slide has changed `count` times, and
 * reports when each change happened and how its animations ran. In-page timestamps keep
 * Playwright's round trips out of the measurement; with the clock installed they are its time.
 */
function recordChanges(page: Page, count: number): Promise<Change[]> {
  return page.evaluate(
    (wanted) =>
      new Promise<Change[]>((resolve) => {
        const region = document.querySelector('#intro');
        if (!region) throw new Error('no #intro on the page');
        const slides = [...region.querySelectorAll('[aria-roledescription="slide"]')];
        const shown = () => slides.findIndex((slide) => !slide.hasAttribute('inert'));
        let last = shown();
        const changes: Change[] = [];
        const settled: Promise<unknown>[] = [];
        const observer = new MutationObserver(() => {
          const index = shown();
          if (index === last) return;
          last = index;
          const at = performance.now();
          const animations = document.getAnimations().filter((animation) => {
            const target = animation.effect instanceof KeyframeEffect && animation.effect.target;
            // The slide animations the carousel starts itself, not CSS transitions (the global
            // reduced-motion rule gives every element a 0.01 ms one).
            if (animation instanceof CSSTransition || animation instanceof CSSAnimation)
              return false;
            return target instanceof Element && slides.includes(target);
          });
          const change: Change = {
            at,
            index,
            durations: animations.map((animation) =>
              Number(animation.effect?.getTiming().duration),
            ),
            ranFor: [],
          };
          changes.push(change);
          for (const animation of animations) {
            settled.push(
              animation.finished.then(
                // Timed from the animation's own start, the first frame it moved in.
                () =>
                  change.ranFor.push(
                    Number(document.timeline.currentTime) - Number(animation.startTime),
                  ),
                () => undefined,
              ),
            );
          }
          if (changes.length === wanted) {
            observer.disconnect();
            void Promise.all(settled).then(() => resolve(changes));
          }
        });
        observer.observe(region, { subtree: true, attributes: true, attributeFilter: ['inert'] });
      }),
    count,
  );
}

/** Moves the mouse to a point outside the carousel, so that it no longer pauses for hover. */
async function moveMouseAway(page: Page, region: Locator) {
  const box = await region.boundingBox();
  if (!box) throw new Error('the carousel has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 40);
}

/** Tabs from the top of the page until the toggle has focus, the way a keyboard user gets there. */
async function tabToToggle(page: Page, toggle: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    if (await toggle.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('Tab never reached the carousel toggle');
}

/**
 * Brings every running animation to its end at once. The slides' animations run on the document's
 * timeline, in real time, which Playwright's clock does not move; what shows after them is the
 * same whether they are waited out or finished.
 */
async function finishAnimations(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

/**
 * Stops the page's clock (Playwright's, installed before the page loaded): from here on time moves
 * only by `page.clock.runFor`, so a test says exactly how much of it passes, and waits for none.
 * It stops a second past the page's own time; on a busy machine that time may have run past the
 * target before the command arrives, so it reads the time again and tries once more.
 */
async function stopClock(page: Page) {
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1000);
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('to the past')) throw error;
    }
  }
}

async function swipe(page: Page, slide: Locator, distancePx: number) {
  const box = await slide.boundingBox();
  if (!box) throw new Error('the slide has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distancePx, y, { steps: 5 });
  await page.mouse.up();
}

test.describe('home page carousel', () => {
  test.beforeEach(async ({ page }) => {
    // The carousel's timers run on Playwright's clock; it runs on with real time until a test stops it.
    await page.clock.install();
    await page.goto('./#/home');
    await expect(carousel(page).slides).toHaveCount(TOTAL);
    // The app runs the carousel once it has taken over, after the translation files arrived; the
    // tests' clock must not run their time-out before.
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  });

  test('is a named carousel region of five labelled slides with a single control', async ({
    page,
  }) => {
    const { region, slides, toggle } = carousel(page);
    await expect(region).toHaveRole('region');
    await expect(region).toHaveAccessibleName(t('intro.label'));
    await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    for (let i = 0; i < TOTAL; i += 1) {
      await expect(slides.nth(i)).toHaveAttribute('aria-roledescription', 'slide');
      // An attribute check: hidden slides have no accessible name until they are shown.
      await expect(slides.nth(i)).toHaveAttribute('aria-label', slideName(i + 1));
    }
    await expect(region.getByRole('button')).toHaveCount(1);
    await expect(toggle).toHaveAccessibleName(t('intro.pause'));
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
  });

  test('advances every 3000 ms with a 500 ms slide, and wraps from 5 back to 1', async ({
    page,
  }) => {
    await stopClock(page);
    const start = await shownNumber(page);
    // Five changes pass every slide once, so one of them wraps from 5 back to 1.
    const recording = recordChanges(page, TOTAL);
    await page.clock.runFor(TOTAL * AUTOPLAY_MS);
    const changes = await recording;

    expect(changes.map((change) => change.index + 1)).toEqual(
      [1, 2, 3, 4, 5].map((steps) => following(start, steps)),
    );
    const gaps = changes.slice(1).map((change, i) => change.at - changes[i]!.at);
    expect(gaps).toEqual([AUTOPLAY_MS, AUTOPLAY_MS, AUTOPLAY_MS, AUTOPLAY_MS]);
    for (const change of changes) {
      // The outgoing slide moves out and the incoming one moves in, together.
      expect(change.durations).toEqual([SPEED_MS, SPEED_MS]);
    }
    // The last change's slide is not cut short by another: both run their 500 ms to the end.
    expect(changes.at(-1)?.ranFor).toHaveLength(2);
    for (const elapsed of changes.at(-1)?.ranFor ?? []) {
      expect(elapsed).toBeGreaterThanOrEqual(SPEED_MS - 1);
    }
  });

  test('shows exactly one slide at a time', async ({ page }) => {
    const { region, slides, shown, toggle } = carousel(page);
    await toggle.click();
    await moveMouseAway(page, region);
    await finishAnimations(page);

    await expect(region.getByRole('group')).toHaveCount(1);
    await expect(shown).toHaveCount(1);
    await expect(shown).toBeVisible();
    let visible = 0;
    for (let i = 0; i < TOTAL; i += 1) {
      if (await slides.nth(i).isVisible()) visible += 1;
    }
    expect(visible).toBe(1);
  });

  test('stops and starts again with the toggle', async ({ page }) => {
    const { region, shown, toggle } = carousel(page);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName(t('intro.play'));
    await moveMouseAway(page, region);
    const stoppedAt = await shownNumber(page);
    await expect(shown.locator('..')).toHaveAttribute('aria-live', 'polite');

    await stopClock(page);
    await page.clock.runFor(3 * AUTOPLAY_MS);
    expect(await shownNumber(page)).toBe(stoppedAt);

    await toggle.click();
    await expect(toggle).toHaveAccessibleName(t('intro.pause'));
    await moveMouseAway(page, region);
    await expect(shown.locator('..')).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(AUTOPLAY_MS + 100);
    await expect(shown).toHaveAccessibleName(slideName(following(stoppedAt)));
  });

  test('pauses while the pointer hovers and resumes when it leaves', async ({ page }) => {
    const { region, shown, toggle } = carousel(page);
    await stopClock(page);
    await region.hover();
    // A frame, so that a change already under way when the pointer arrived lands first.
    await page.clock.runFor(100);
    const hoveredAt = await shownNumber(page);

    await page.clock.runFor(3 * AUTOPLAY_MS);
    expect(await shownNumber(page)).toBe(hoveredAt);
    // Hovering pauses without changing the visitor's choice.
    await expect(toggle).toHaveAccessibleName(t('intro.pause'));

    await moveMouseAway(page, region);
    await page.clock.runFor(AUTOPLAY_MS + 100);
    await expect(shown).toHaveAccessibleName(slideName(following(hoveredAt)));
  });

  test('stops when keyboard focus enters and stays stopped after it leaves, until play', async ({
    page,
  }) => {
    const { shown, toggle } = carousel(page);
    await tabToToggle(page, toggle);
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAccessibleName(t('intro.play'));
    const stoppedAt = await shownNumber(page);

    // The focus ring is visible on the toggle.
    const outline = await toggle.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');

    await page.keyboard.press('Tab');
    await expect(toggle).not.toBeFocused();
    await stopClock(page);
    await page.clock.runFor(3 * AUTOPLAY_MS);
    expect(await shownNumber(page)).toBe(stoppedAt);
    await expect(toggle).toHaveAccessibleName(t('intro.play'));

    await page.keyboard.press('Shift+Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAccessibleName(t('intro.pause'));
    await page.clock.runFor(AUTOPLAY_MS + 100);
    await expect(shown).toHaveAccessibleName(slideName(following(stoppedAt)));
  });

  test('moves with the arrow keys, circularly in both directions', async ({ page }) => {
    const { shown, toggle } = carousel(page);
    await tabToToggle(page, toggle);
    const start = await shownNumber(page);

    await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveAccessibleName(slideName(following(start, 1)));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(shown).toHaveAccessibleName(slideName(following(start, -1)));

    // Walk once round in each direction: past 5 comes 1, before 1 comes 5.
    for (let step = 0; step < TOTAL; step += 1) await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveAccessibleName(slideName(following(start, -1)));
    const toFirst = (TOTAL + 1 - following(start, -1)) % TOTAL;
    for (let step = 0; step < toFirst; step += 1) await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveAccessibleName(slideName(1));
    await page.keyboard.press('ArrowLeft');
    await expect(shown).toHaveAccessibleName(slideName(TOTAL));
    await page.keyboard.press('ArrowRight');
    await expect(shown).toHaveAccessibleName(slideName(1));
  });

  test('moves one slide on a 30 px swipe and not on a 10 px one', async ({ page }) => {
    const { region, shown } = carousel(page);
    // The pointer over the carousel pauses the rotation, and the stopped clock keeps any change
    // from landing late: only the swipes move it.
    await region.hover();
    await stopClock(page);
    await page.clock.runFor(100);
    const start = await shownNumber(page);

    await swipe(page, shown, -30);
    await expect(shown).toHaveAccessibleName(slideName(following(start, 1)));
    await finishAnimations(page);

    await swipe(page, shown, 30);
    await expect(shown).toHaveAccessibleName(slideName(start));
    await finishAnimations(page);

    await swipe(page, shown, -10);
    await swipe(page, shown, 10);
    await page.clock.runFor(SPEED_MS + 100);
    await finishAnimations(page);
    expect(await shownNumber(page)).toBe(start);
  });

  test('never rotates by itself under reduced motion, and then changes without sliding', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('./#/home');
    const { region, shown, toggle } = carousel(page);
    await expect(toggle).toHaveAccessibleName(t('intro.play'));
    await expect(shown).toHaveAccessibleName(slideName(1));

    await stopClock(page);
    await page.clock.runFor(3 * AUTOPLAY_MS);
    await expect(shown).toHaveAccessibleName(slideName(1));

    // Playing is still the visitor's choice; the change then is instant.
    const nextChange = recordChanges(page, 1);
    await toggle.click();
    await moveMouseAway(page, region);
    await page.clock.runFor(AUTOPLAY_MS + 100);
    const [change] = await nextChange;
    expect(change?.index).toBe(1);
    expect(change?.durations).toEqual([]);
  });

  test('keeps the same height for every slide, so nothing below it shifts', async ({ page }) => {
    const { region, shown, toggle } = carousel(page);
    await tabToToggle(page, toggle);
    // The height is read as each slide comes in, while it still slides: the slides move by
    // `transform` alone, so the layout a visitor sees is already the final one, and a jump would
    // show then (no need to wait for the 500 ms animations, which run on real time).
    const heightsFor = async () => {
      const width = page.viewportSize()?.width;
      const heights: number[] = [];
      for (let step = 0; step < TOTAL; step += 1) {
        heights.push(await region.evaluate((element) => element.getBoundingClientRect().height));
        const before = await shownNumber(page);
        await page.keyboard.press('ArrowRight');
        await expect(shown, `at ${width} px`).toHaveAccessibleName(slideName(following(before)));
      }
      return heights;
    };
    const wide = await heightsFor();
    expect(
      new Set(wide).size,
      `heights of the five slides at the default width: ${wide.join(', ')}`,
    ).toBe(1);

    // Not on a narrow screen either, where the texts wrap onto different numbers of lines.
    await page.setViewportSize({ width: 320, height: 640 });
    const narrow = await heightsFor();
    expect(new Set(narrow).size, `heights of the five slides at 320 px: ${narrow.join(', ')}`).toBe(
      1,
    );
  });
});

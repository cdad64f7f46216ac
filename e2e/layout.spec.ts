import type { Page } from '@playwright/test';
import { test as siteTest, expect } from '@playwright/test';
import { BROWSER_LANGUAGES, ROUTES } from './support/page-watch.ts';
import { servedFrom, SPECIMENS } from './support/specimens.ts';
import { TEXT_SPACING } from './support/text-spacing.ts';

/*
 * The layout at every width a visitor's screen may have, in both languages and themes, with the
 * owner's content and with content as long as an owner's may be (e2e/long-specimen/): nothing
 * scrolls sideways, no text runs out of its box, the header's, the hero's and the service cards'
 * parts never lie on one another, the navigation wraps evenly and a phone number never breaks. Resizing one page is cheap, so one load per language and
 * site walks every width.
 */

/** 1 px steps where phones are, then 8 px steps up to a wide desktop. */
const WIDTHS = [
  ...Array.from({ length: 161 }, (_, step) => 320 + step),
  ...Array.from({ length: 180 }, (_, step) => 488 + step * 8),
];

/** Boxes that must not overlap one another, each a selector within the page. */
const APART = {
  header: 'header svg, header a > span > span, header nav a',
  hero: '#intro button, #intro p, div:has(> #intro) > p > span, div:has(> #intro) > p > a',
};

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;

/**
 * Walks the page shown in the frame `#walk` through `widths` and says what a visitor would see go
 * wrong at each, as sentences. The frame is the page's viewport, so the walk runs inside the
 * browser without a round trip per width; being run there, it must use nothing from outside.
 */
function walkInFrame({ widths, apart }: { widths: readonly number[]; apart: typeof APART }) {
  const frame = document.querySelector<HTMLIFrameElement>('#walk');
  const view = frame?.contentWindow;
  if (!frame || !view) throw new Error('No frame to walk.');
  // Sizes in viewport units must follow the frame's width at once, or the walk measures nothing.
  const probe = view.document.createElement('div');
  probe.style.cssText = 'position: absolute; inset: 0 auto auto 0; width: 10vw; visibility: hidden';
  view.document.body.append(probe);
  const found: string[] = [];
  let textHolders: { element: Element; text: ChildNode[] }[] | undefined;
  for (const width of widths) {
    frame.style.width = `${width}px`;
    // Lays out the page around the frame first, which gives the frame its new width.
    void frame.offsetWidth;
    if (Math.abs(probe.getBoundingClientRect().width - width / 10) > 0.5)
      throw new Error(`At ${width} px, the frame's viewport units lag behind its width.`);
    for (const problem of layoutProblems(view.document, view))
      found.push(`${width} px: ${problem}`);
  }
  probe.remove();
  return found;

  /** The slide of the carousel that `element` is in, if any. */
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- it runs in the page, so it must be inside
  function slide(element: Element) {
    return element.closest('[aria-roledescription="slide"]');
  }

  /** Whether two boxes share more than a pixel's width and height. */
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- it runs in the page, so it must be inside
  function overlap(a: Box, b: Box) {
    return (
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
    );
  }

  // oxlint-disable-next-line unicorn/consistent-function-scoping -- it runs in the page, so it must be inside
  function describe(element: Element) {
    return `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
  }

  function layoutProblems(document: Document, window: Window): string[] {
    const { getComputedStyle, Node } = window as Window & typeof globalThis;
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways (${root.scrollWidth} px > ${root.clientWidth} px)`);

    // The carousel's other slides are laid out where they will show, so they are measured too.
    const shown = (element: Element) => {
      if (element.closest('.visually-hidden, template, [hidden]')) return false;
      const box = element.getBoundingClientRect();
      const visible = slide(element) ?? getComputedStyle(element).visibility !== 'hidden';
      return box.width > 0 && box.height > 0 && visible;
    };

    const range = document.createRange();
    /** Where a control is, or where an element's text is drawn (which may overflow its box). */
    const extent = (element: Element) => {
      if (element.matches('a, button, svg')) return element.getBoundingClientRect();
      const rects = [...element.querySelectorAll('*'), element]
        .filter((each) => !each.closest('.visually-hidden'))
        .flatMap((each) => [...each.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE))
        .map((node) => {
          range.selectNode(node);
          return range.getBoundingClientRect();
        })
        .filter((rect) => rect.width > 0);
      const left = Math.min(...rects.map((rect) => rect.left));
      const top = Math.min(...rects.map((rect) => rect.top));
      const right = Math.max(...rects.map((rect) => rect.right));
      const bottom = Math.max(...rects.map((rect) => rect.bottom));
      return { left, top, right, bottom };
    };

    // Text wider than its box: a long word runs out of it, under its neighbours or off the screen.
    // The elements that hold text, and whether they are drawn, are the same at every width.
    textHolders ??= [...document.body.querySelectorAll('*')]
      .map((element) => ({
        element,
        text: [...element.childNodes].filter(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        ),
      }))
      .filter(
        ({ element, text }) =>
          text.length > 0 &&
          !element.closest('.visually-hidden, template, [hidden]') &&
          (slide(element) ?? getComputedStyle(element).visibility !== 'hidden'),
      );
    for (const { element, text } of textHolders) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const node of text) {
        range.selectNode(node);
        const glyphs = range.getBoundingClientRect();
        if (glyphs.left < box.left - 1 || glyphs.right > box.right + 1)
          problems.push(`${describe(element)} is wider than its box`);
      }
    }

    for (const [area, selector] of Object.entries(apart)) {
      const parts = [...document.querySelectorAll(selector)].filter(shown);
      for (const [index, one] of parts.entries()) {
        for (const other of parts.slice(index + 1)) {
          if (one.contains(other) || other.contains(one)) continue;
          // Slides take turns in one place.
          if (slide(one) && slide(other) && slide(one) !== slide(other)) continue;
          if (overlap(extent(one), extent(other)))
            problems.push(`${area}: ${describe(one)} overlaps ${describe(other)}`);
        }
      }
    }

    // A service's icon and its name.
    for (const card of document.querySelectorAll('main section li')) {
      const icon = card.querySelector('svg');
      const name = card.querySelector('h3');
      if (!icon || !name || !shown(card)) continue;
      if (overlap(extent(icon), extent(name)))
        problems.push(`the icon overlaps the service name ${describe(name)}`);
    }

    // A phone number on one line.
    for (const phone of document.querySelectorAll('a[href^="tel:"]')) {
      range.selectNodeContents(phone);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (shown(phone) && lines.size > 1) problems.push(`${describe(phone)} breaks inside`);
    }

    // The navigation wraps evenly: its rows hold as many links as one another, give or take one.
    const rows = new Map<number, number>();
    for (const item of document.querySelectorAll('header nav li')) {
      const top = Math.round(item.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    const counts = [...rows.values()];
    if (Math.max(...counts) - Math.min(...counts) > 1)
      problems.push(`the navigation wraps unevenly: ${counts.join(' + ')} links`);

    return [...new Set(problems)];
  }
}

/**
 * Shows `route` in a frame over the page, as wide as the first width, and returns once the app
 * has taken it over; the page itself stays as wide as the widest width.
 */
async function showInFrame(page: Page, route: string) {
  await page.setViewportSize({ width: Math.max(...WIDTHS), height: 800 });
  await page.goto('./404.html');
  await page.evaluate(
    ([address, width]) =>
      new Promise((resolve, reject) => {
        const frame = document.createElement('iframe');
        frame.id = 'walk';
        frame.style.cssText = `position: fixed; inset: 0 auto auto 0; border: 0; height: 800px; width: ${width}px`;
        frame.addEventListener('load', resolve);
        frame.addEventListener('error', reject);
        frame.src = address;
        document.body.replaceChildren(frame);
      }),
    [`./#/${route}`, WIDTHS[0]] as const,
  );
  const frame = page.frameLocator('#walk');
  await frame.locator('html[data-interactive]').waitFor({ state: 'attached' });
  // The carousel stopped as a visitor stops it, its slide at rest: every width measures the same.
  const toggle = frame.locator('#intro button');
  if (route === 'home') await toggle.click();
  await expect
    .poll(() => frame.locator('html').evaluate(() => document.getAnimations().length), {
      message: 'the carousel comes to rest',
    })
    .toBe(0);
}

/** Adds a visitor's style sheet to the page in the frame, or takes it away again. */
async function visitorStyle(page: Page, css: string | undefined) {
  await page
    .frameLocator('#walk')
    .locator('html')
    .evaluate((html, content) => {
      html.querySelector('style#visitor')?.remove();
      if (content === undefined) return;
      const style = html.ownerDocument.createElement('style');
      style.id = 'visitor';
      style.textContent = content;
      html.ownerDocument.head.append(style);
    }, css);
}

const SITES = [
  { name: 'the owner’s content', specimen: undefined },
  { name: 'long content', specimen: SPECIMENS.long },
] as const;

for (const site of SITES) {
  const test = siteTest.extend(servedFrom(site.specimen));

  for (const { lang, locale } of BROWSER_LANGUAGES) {
    test.describe(`${site.name}, ${lang}`, () => {
      test.use({ locale });

      for (const route of ROUTES) {
        test(`#/${route} from 320 to 1920 px, light and dark, with text spacing and text zoom: nothing scrolls sideways, overlaps or runs out of its box`, async ({
          page,
        }) => {
          // Four walks of every width, on cores that npm test's other suites share.
          test.setTimeout(90_000);
          await showInFrame(page, route);
          await expect(page.frameLocator('#walk').locator('html')).toHaveAttribute('lang', lang);
          for (const colorScheme of ['light', 'dark'] as const) {
            await test.step(colorScheme, async () => {
              await page.emulateMedia({ colorScheme });
              expect(await page.evaluate(walkInFrame, { widths: WIDTHS, apart: APART })).toEqual(
                [],
              );
            });
          }
          await test.step('with WCAG 1.4.12 text spacing', async () => {
            await visitorStyle(page, TEXT_SPACING);
            expect(await page.evaluate(walkInFrame, { widths: WIDTHS, apart: APART })).toEqual([]);
          });
          // A 1280 px window at 200 % page zoom is the walk's 640 px; text zoom alone is this.
          await test.step('at 1280 px with text zoomed to 200 %', async () => {
            await visitorStyle(page, 'html { font-size: 200% !important; }');
            expect(await page.evaluate(walkInFrame, { widths: [1280], apart: APART })).toEqual([]);
          });
        });
      }

      // The header must not count its links: a new area of the home page adds one.
      if (site.specimen)
        test('with three to six links of the longest words, the navigation wraps evenly at every width', async ({
          page,
        }) => {
          test.setTimeout(90_000);
          await showInFrame(page, 'home');
          for (const count of [3, 5, 6]) {
            await test.step(`${count} links`, async () => {
              await page
                .frameLocator('#walk')
                .locator('header nav ul')
                .evaluate((list, wanted) => {
                  const items = [...list.children];
                  const longest = items.toSorted(
                    (a, b) => (b.textContent ?? '').length - (a.textContent ?? '').length,
                  );
                  list.replaceChildren(
                    ...Array.from({ length: wanted }, (_, index) =>
                      (longest[index % longest.length] ?? list).cloneNode(true),
                    ),
                  );
                }, count);
              expect(await page.evaluate(walkInFrame, { widths: WIDTHS, apart: APART })).toEqual(
                [],
              );
            });
          }
        });
    });
  }
}

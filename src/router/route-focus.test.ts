import { afterEach, describe, expect, it, vi } from 'vitest';
import { elementOf, markOf } from './route-focus.ts';

/** The home page's footer and header, as each render of the page draws them anew. */
const render = () => {
  document.body.innerHTML = `
    <header><a href="#/home">Brand</a><a href="#/home#contact">Contact</a></header>
    <main><h2 id="contact-heading" tabindex="-1">Contact</h2><a href="#/imprint">Imprint</a></main>
    <footer><a href="#/imprint">Imprint</a><a href="#/privacy">Privacy</a><button>Pause</button></footer>`;
};

describe('the focus kept for an entry', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('finds the same link again on the page drawn anew, the second of two with its address', () => {
    render();
    const footerLink = document.querySelectorAll('a[href="#/imprint"]')[1];
    const mark = markOf(footerLink ?? null);
    expect(mark).toEqual({ selector: 'a[href="\\#\\/imprint"]', index: 1 });

    render();
    // jsdom lays nothing out; in a browser a shown element has a box.
    vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([
      {},
    ] as unknown as DOMRectList);
    const found = elementOf(mark!);
    expect(found?.closest('footer')).not.toBeNull();
    expect(found?.textContent).toBe('Imprint');
  });

  it('names an element by its id, and an element without address by its tag', () => {
    render();
    expect(markOf(document.getElementById('contact-heading'))).toEqual({
      selector: '#contact-heading',
      index: 0,
    });
    expect(markOf(document.querySelector('button'))).toEqual({ selector: 'button', index: 0 });
  });

  it('keeps nothing when only the page had focus, and finds nothing that is gone or hidden', () => {
    render();
    expect(markOf(document.body)).toBeNull();
    expect(markOf(null)).toBeNull();
    // Not shown (no box): Back falls back to the first heading in view.
    expect(elementOf({ selector: 'button', index: 0 })).toBeNull();
    expect(elementOf({ selector: 'a[href="#/gone"]', index: 0 })).toBeNull();
  });
});

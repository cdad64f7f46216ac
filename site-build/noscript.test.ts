import { describe, expect, it } from 'vitest';
import { legalArticle, noscriptBlock } from './noscript.ts';

const close =
  '<a class="_closeLink_1" href="#/home" aria-label="Schließen" title="Schließen"><svg aria-hidden="true"><path d="M6 6l12 12"></path></svg></a>';
const page =
  '<a href="#main">Zum Inhalt</a><header><a href="#/home">Muster IT</a></header><main id="main">' +
  `<article class="_legalPage_1"><header class="_header_1"><h1>Impressum</h1>${close}</header>` +
  '<p><a href="mailto:kontakt@example.com">kontakt@example.com</a></p></article></main>' +
  '<footer><a href="#/imprint">Impressum</a></footer>';

describe('legalArticle', () => {
  const article = legalArticle(page, 'imprint');

  it('takes the page’s article, with the id the footer link names', () => {
    expect(article).toMatch(/^<article id="\/imprint" class="_legalPage_1">/);
    expect(article).toMatch(/<\/article>$/);
    expect(article).toContain('<h1>Impressum</h1>');
    expect(article).not.toContain('<footer');
  });

  it('drops the close X, which leads nowhere without the app, and nothing else', () => {
    expect(article).not.toContain('href="#/home"');
    expect(article).toContain('mailto:kontakt@example.com');
    expect(article.length).toBe(
      /<article[\s\S]*<\/article>/.exec(page)![0].length - close.length + ' id="/imprint"'.length,
    );
  });

  it('stops the build when the page has no article or no close X', () => {
    expect(() => legalArticle('<main><h1>Impressum</h1></main>', 'imprint')).toThrow(/<article>/);
    expect(() => legalArticle('<article><h1>x</h1></article>', 'privacy')).toThrow(/close X/);
  });
});

describe('noscriptBlock', () => {
  it('holds the notice, escaped, then the articles', () => {
    expect(noscriptBlock('A <b> & B', ['<article id="/imprint"></article>'])).toBe(
      '<noscript><p>A &#60;b&#62; &#38; B</p><article id="/imprint"></article></noscript>',
    );
  });
});

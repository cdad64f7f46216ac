import { describe, expect, it } from 'vitest';
import { ICON_NAMES, iconId } from '../src/components/icon/icon-names.ts';
import { iconSprite } from './icon-sprite.ts';

describe('iconSprite', () => {
  it('draws every icon the site names once, as a symbol with lucide’s elements', () => {
    const sprite = iconSprite();
    expect(sprite).toMatch(/^<svg class="icon-sprite" aria-hidden="true">.*<\/svg>$/);
    for (const name of ICON_NAMES) {
      const symbol = new RegExp(`<symbol id="${iconId(name)}" viewBox="0 0 24 24">(.*?)</symbol>`);
      const drawing = symbol.exec(sprite)?.[1] ?? '';
      expect(`${name}: ${drawing}`).toMatch(
        /^[a-z-]+: (<(path|rect|circle|line|polyline|ellipse) [^>]+\/>)+$/,
      );
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
  });

  it('stops the build naming an icon lucide does not have', () => {
    // @ts-expect-error -- a name outside IconName, as a typo in SERVICE_ICONS would be
    expect(() => iconSprite(['no-such-icon'])).toThrow('no-such-icon');
  });
});

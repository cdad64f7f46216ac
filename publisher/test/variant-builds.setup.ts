import { test as setup } from '@playwright/test';
import { buildVariant, VARIANT_MARKS } from './variant-build.ts';

// Built once for every test file that publishes them, side by side.
setup('the site built once more per variant, each with its heading marked', async () => {
  setup.setTimeout(300_000);
  await Promise.all(VARIANT_MARKS.map(buildVariant));
});

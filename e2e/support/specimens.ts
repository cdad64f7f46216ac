import type { Business } from '../../src/content/business-schema.ts';
import { longBusiness } from '../long-specimen/business.ts';
import { specimenBusiness } from '../visual-specimen/business.ts';

export interface Specimen {
  /** Where its facts and translation files are, from the project's root. */
  folder: string;
  /** The folder `npm run build:visual` builds it into. */
  dist: string;
  business: Business;
}

/**
 * The sites the visual and layout tests draw besides the owner's: the example content, fixed so
 * that the owner's words never change a picture, and content as long as an owner's may be.
 */
export const SPECIMENS = {
  visual: { folder: 'e2e/visual-specimen', dist: 'dist-visual', business: specimenBusiness },
  long: { folder: 'e2e/long-specimen', dist: 'dist-long', business: longBusiness },
} as const satisfies Record<string, Specimen>;

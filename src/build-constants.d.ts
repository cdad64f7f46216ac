/** The year the site was built, set by `define` in vite.config.ts. */
declare const BUILD_YEAR: number;

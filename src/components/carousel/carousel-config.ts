// The specification's constants for the home page carousel; the tests measure against these.
export const carouselConfig = { autoplayMs: 3000, speedMs: 500, swipeThresholdPx: 20 } as const;

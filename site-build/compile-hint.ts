/**
 * Chromium's per-file compile hint: a script that starts with this comment is compiled whole while
 * it streams in, on a background thread, rather than each function on the main thread at its first
 * call (decision 57).
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

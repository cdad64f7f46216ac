import { describe, expect, it, vi } from 'vitest';
import { APP_ROOT_CLASS } from './prerendered-view.ts';
import { startApp } from './start-app.tsx';

describe('startApp', () => {
  it('logs a failure while starting instead of throwing it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = document.implementation.createHTMLDocument('no app root');
    expect(() => startApp(page)).not.toThrow();
    expect(error).toHaveBeenCalledWith(
      'The website failed to start:',
      expect.objectContaining({ message: expect.stringContaining(`"${APP_ROOT_CLASS}"`) }),
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { startApp } from './start-app';

describe('startApp', () => {
  it('logs a failure while starting instead of throwing it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => startApp(null)).not.toThrow();
    expect(error).toHaveBeenCalledWith(
      'The website failed to start:',
      expect.objectContaining({ message: expect.stringContaining('"root"') }),
    );
  });
});

import { describe, expect, it, vi } from 'vitest';
import { once } from './once.js';

describe('once', () => {
  it('runs the loader on the first call only and returns its value every time', () => {
    const load = vi.fn(() => ({ loaded: true }));
    const get = once(load);
    const first = get();
    expect(get()).toBe(first);
    expect(get()).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('remembers an undefined result instead of loading again', () => {
    const load = vi.fn(() => undefined);
    const get = once(load);
    get();
    get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that threw', () => {
    const load = vi
      .fn<() => string>()
      .mockImplementationOnce(() => {
        throw new Error('not installed');
      })
      .mockReturnValue('ok');
    const get = once(load);
    expect(get).toThrow('not installed');
    expect(get()).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

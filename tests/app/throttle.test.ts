import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../src-renderer/src/api/throttle';

describe('memory refresh throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first change at once and folds a burst into one trailing refresh', () => {
    const fn = vi.fn();
    const t = throttle(fn, 300);
    t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) t.call();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(2);
    // Quiet again: the next change is shown at once.
    vi.advanceTimersByTime(1_000);
    t.call();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('runs a pending refresh at once when flushed (the subscriber goes away), and only once', () => {
    const fn = vi.fn();
    const t = throttle(fn, 300);
    t.call();
    t.call();
    t.flush();
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_000);
    expect(fn).toHaveBeenCalledTimes(2);
    t.flush();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

/** The rendering memo: a value is made once per key while it is kept, and the memo stays bounded. */
import { RenderMemo } from '../../src/domain/content/format/memo';

/** A maker of `value` that counts its calls (`made()`). */
function counting(value: () => string): { make: () => string; made: () => number } {
  let made = 0;
  return {
    make: () => {
      made++;
      return value();
    },
    made: () => made,
  };
}

describe('RenderMemo.through', () => {
  it('makes a value once per key and hands back the kept one', () => {
    const memo = new RenderMemo(10, 1000);
    let made = 0;
    const make = (text: string) => () => {
      made++;
      return text.toUpperCase();
    };
    expect(memo.through('a', make('a'))).toBe('A');
    expect(memo.through('a', make('a'))).toBe('A');
    expect(memo.through('b', make('b'))).toBe('B');
    expect(made).toBe(2);
  });

  it('forgets the least recently used key past its bound, and makes it again', () => {
    const memo = new RenderMemo(2, 1000);
    const { make, made } = counting(() => 'value');
    memo.through('a', make);
    memo.through('b', make);
    memo.through('a', make); // a is now the most recent
    memo.through('c', make); // b goes
    expect(made()).toBe(3);
    memo.through('a', make);
    expect(made()).toBe(3);
    memo.through('b', make);
    expect(made()).toBe(4);
  });

  it('does not keep a value too large for it, but still answers it', () => {
    const memo = new RenderMemo(10, 80);
    const { make: big, made } = counting(() => 'x'.repeat(50));
    expect(memo.through('k', big)).toHaveLength(50);
    expect(memo.through('k', big)).toHaveLength(50);
    expect(made()).toBe(2);
  });

  it('measures values other than strings by the size it is told', () => {
    const memo = new RenderMemo<{ text: string }>(10, 800, (value) => value.text.length);
    let made = 0;
    const make = (size: number) => () => {
      made++;
      return { text: 'x'.repeat(size) };
    };
    const small = memo.through('small', make(10));
    expect(memo.through('small', make(10))).toBe(small);
    expect(made).toBe(1);
    // Larger than an eighth of the bound: answered, never kept.
    memo.through('large', make(200));
    memo.through('large', make(200));
    expect(made).toBe(3);
  });

  it('stays within its bound however many keys pass through, and keeps the ones used recently', () => {
    const memo = new RenderMemo(10, 100_000);
    const { make, made } = counting(() => 'v');
    for (let i = 0; i < 1000; i++) {
      memo.through(`key ${i}`, make);
      // One key used all along is never dropped.
      memo.through('favourite', make);
    }
    expect(made()).toBe(1001);
    const kept = (key: string) => {
      const before = made();
      memo.through(key, make);
      return made() === before;
    };
    // The last few keys are kept; of the 1,000, no more than the bound.
    expect(kept('key 999')).toBe(true);
    expect(kept('key 998')).toBe(true);
    expect(kept('favourite')).toBe(true);
    let keptEarlier = 0;
    for (let i = 0; i < 990; i++) if (kept(`key ${i}`)) keptEarlier++;
    expect(keptEarlier).toBeLessThanOrEqual(10);
  });
});

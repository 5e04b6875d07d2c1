import { UrlMemo } from '../../src/http/memo';

describe('UrlMemo', () => {
  it('keeps at most its bound, dropping the oldest first', () => {
    const memo = new UrlMemo<number>(3, 100);
    for (let i = 0; i < 5; i += 1) memo.set(`/u${i}`, i);
    expect(memo.size).toBe(3);
    expect(memo.get('/u0')).toBeUndefined();
    expect(memo.get('/u1')).toBeUndefined();
    expect([memo.get('/u2'), memo.get('/u3'), memo.get('/u4')]).toEqual([2, 3, 4]);
    memo.set('/u4', 40);
    expect(memo.size).toBe(3);
    expect(memo.get('/u4')).toBe(40);
  });

  it('does not keep long URLs', () => {
    const memo = new UrlMemo<string>(10, 8);
    memo.set('/short', 'a');
    memo.set('/much-too-long', 'b');
    expect(memo.get('/short')).toBe('a');
    expect(memo.get('/much-too-long')).toBeUndefined();
  });
});

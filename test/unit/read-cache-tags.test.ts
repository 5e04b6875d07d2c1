import { entryTags, tagHeaders } from '../../src/http/read-cache';

describe('the tags a cached answer carries', () => {
  it('always includes settings, and * when the computation brought no tags', () => {
    expect(entryTags(undefined).sort()).toEqual(['*', 'settings']);
    expect(entryTags([]).sort()).toEqual(['*', 'settings']);
    // A tracked computation that read the options only (the index).
    expect(entryTags(['settings'])).toEqual(['settings']);
    expect(entryTags(['c:1', 'list:Content:post']).sort()).toEqual(['c:1', 'list:Content:post', 'settings']);
    expect(entryTags(['c:1', '*']).sort()).toEqual(['*', 'c:1', 'settings']);
  });
});

describe('the tag headers', () => {
  it('lists the tags space-separated and comma-separated', () => {
    expect(tagHeaders(['c:1', 'settings'])).toEqual({ 'Surrogate-Key': 'c:1 settings', 'Cache-Tag': 'c:1,settings' });
  });

  it('sends a coarser set, with *, when the list would exceed the header budget', () => {
    const many = [...Array.from({ length: 2_000 }, (_, i) => `c:${i + 1}`), 'list:Content:post', 'events:2026-03', 'settings'];
    const headers = tagHeaders(many);
    expect(headers['Surrogate-Key'].split(' ').sort()).toEqual(['*', 'events:2026-03', 'list:Content:post', 'settings']);
    expect(headers['Cache-Tag'].length).toBeLessThan(8_000);
    const lists = Array.from({ length: 1_000 }, (_, i) => `list:Term:taxonomy_${i}`);
    expect(tagHeaders(lists)['Surrogate-Key']).toBe('settings *');
  });
});

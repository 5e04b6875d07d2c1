/**
 * The read side and the write side of the cache tags come from one declaration per model
 * (src/cache/model-tags.ts): whatever a read of a row carries, a write of that row publishes.
 */
import { isConstant, MODEL_TAGS, rowTags, taggedFields } from '../../src/cache/model-tags';
import { tagObserver } from '../../src/cache/read-tags';
import { ReadTags } from '../../src/cache/tags';

const noRelations = (): undefined => undefined;

describe('one tag declaration per model', () => {
  it.each(Object.keys(MODEL_TAGS))('%s: a write of a row publishes every tag its reads carry', (model) => {
    const tagging = MODEL_TAGS[model];
    const written = new Set<string>();
    const reads = [new ReadTags(), new ReadTags()];
    if (isConstant(tagging)) {
      tagObserver(reads[0], noRelations).model(model, 'findMany', {}, []);
      tagging.constant.forEach((tag) => written.add(tag));
    } else {
      const row: Record<string, unknown> = { startUtc: '2026-03-01 10:00:00', endUtc: '2026-03-02 10:00:00' };
      for (const field of taggedFields(tagging)) row[field] ??= field === tagging.listBy ? 'kind' : 7;
      rowTags(model, tagging, row, written);
      const [column] = tagging.records[0];
      // Pinned to the record, and as a list of its kind.
      tagObserver(reads[0], noRelations).model(model, 'findMany', { where: { [column]: 7 } }, [row]);
      tagObserver(reads[1], noRelations).model(model, 'findMany', { where: tagging.listBy ? { [tagging.listBy]: 'kind' } : {} }, [row]);
    }
    for (const read of reads) {
      expect(read.tracked).toBe(true);
      for (const tag of read.list()) if (tag !== 'settings') expect(written).toContain(tag);
    }
  });
});

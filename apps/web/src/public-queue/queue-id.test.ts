import { describe, expect, it } from 'vitest';
import { queueIdFrom } from './queue-id.ts';

const ID = '3f2b8c1e-9a47-4d2e-8f6b-0c1d2e3f4a5b';

describe('queueIdFrom', () => {
  it('reads the uuid from the QR code path first', () => {
    expect(queueIdFrom(`/Queue/data/${ID}`, '')).toBe(ID);
    expect(queueIdFrom(`/Queue/data/${ID}/`, '?id=other')).toBe(ID);
    expect(queueIdFrom(`/Queue/data/${ID.toUpperCase()}`, '')).toBe(ID);
  });

  it('falls back to ?id= on queue.html', () => {
    expect(queueIdFrom('/queue.html', `?id=${ID}`)).toBe(ID);
    expect(queueIdFrom('/Queue/data/not-a-uuid', `?id=${ID}`)).toBe(ID);
  });

  it('returns null for anything that is not a uuid', () => {
    expect(queueIdFrom('/queue.html', '')).toBeNull();
    expect(queueIdFrom('/Queue/data/A001', '')).toBeNull();
    expect(queueIdFrom('/Queue/data/%E0%A4%A', '?id=1')).toBeNull();
    expect(queueIdFrom(`/Queue/data/${ID}/extra`, '')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_CONTRACTS } from '@truck-queue/shared/contracts/all';
import { describesPlainData, responseSerializerCompiler } from './response-serializer.ts';

const serializerFor = (schema: unknown) =>
  responseSerializerCompiler({ schema, method: 'POST', url: '/api/test', httpStatus: '200' });

describe('response serializer', () => {
  it('checks every contract the fast way: their answers are plain data', () => {
    const encoded = ALL_CONTRACTS.filter((c) => !describesPlainData(c.response)).map((c) => c.path);
    expect(encoded).toEqual([]);
  });

  it('drops a field the contract does not name', () => {
    const serialize = serializerFor(z.object({ status: z.literal(1), name: z.string() }));
    expect(JSON.parse(serialize({ status: 1, name: 'สมชาย', passwordHash: 'secret' }))).toEqual({
      status: 1,
      name: 'สมชาย',
    });
  });

  it('refuses an answer that breaks its contract instead of sending it', () => {
    const serialize = serializerFor(z.object({ speech: z.string() }));
    // What a word named like an Object member once put in the voice pack (issue 18).
    expect(() => serialize({ speech: Object.prototype.constructor })).toThrow(/doesn't match the schema/);
    expect(() => serialize({})).toThrow(/doesn't match the schema/);
  });

  it('runs a codec backwards, from what the handler holds to what the wire carries', () => {
    const dayCodec = z.codec(z.iso.date(), z.date(), {
      decode: (text) => new Date(`${text}T00:00:00Z`),
      encode: (date) => date.toISOString().slice(0, 10),
    });
    const schema = z.object({ day: dayCodec });
    expect(describesPlainData(schema)).toBe(false);
    expect(JSON.parse(serializerFor(schema)({ day: new Date('2026-11-25T00:00:00Z') }))).toEqual({
      day: '2026-11-25',
    });
  });
});

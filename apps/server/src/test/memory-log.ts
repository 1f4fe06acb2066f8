import { Writable } from 'node:stream';

/** A log stream that keeps every line in memory, for tests that read what the server logged. */
export function memoryLog() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text, clear: () => (text = '') };
}

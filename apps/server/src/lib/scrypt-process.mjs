// Derives scrypt keys in a process of its own (password-hash.ts explains why). Plain JavaScript,
// run without the tsx loader. Message { id, secret, salt, keyLength, options } (lib/helper-process.ts);
// reply { id, result: the key's bytes } or { id, error }.
import { scrypt } from 'node:crypto';

process.on('message', ({ id, secret, salt, keyLength, options }) => {
  try {
    scrypt(secret, salt, keyLength, options, (error, key) =>
      process.send?.(error ? { id, error: error.message } : { id, result: new Uint8Array(key) }),
    );
  } catch (error) {
    process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

// The server ended (or was killed): nothing is left to derive.
process.on('disconnect', () => process.exit(0));

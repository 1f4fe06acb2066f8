// After `vite build`: writes .br and .gz beside every text asset, so the server can send them
// compressed (@fastify/static preCompressed) without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

let count = 0;
for (const file of walk(dist)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`Compressed ${count} files in ${path.relative(process.cwd(), dist) || dist}`);

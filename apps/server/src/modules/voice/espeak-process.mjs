// Runs eSpeak NG (the `espeak-ng` npm package: its own command line, compiled to WebAssembly,
// used unmodified) in a process of its own (speech-engine.ts forks it), so that speaking never
// holds up the event loop that serves the API and the sockets, and the memory its WebAssembly
// instances took goes back to the system when it ends. Plain JavaScript, run without the tsx
// loader. One run at a time, in the order asked.
//
// Message: { id, texts: string[], voice, speed, gapMs }. With one text the WAV says it; with
// several, it says them in order with a pause of gapMs between them (SSML breaks), and the
// caller cuts it apart (wav.ts splitAtSilences). Reply: { id, result: Uint8Array (the WAV) } or
// { id, error } (lib/helper-process.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ESpeakNg from 'espeak-ng';

const require = createRequire(import.meta.url);
/** Compiled once: each run instantiates it afresh (the command line runs once per instance). */
let compiled = null;

function engineModule() {
  compiled ??= WebAssembly.compile(readFileSync(require.resolve('espeak-ng/dist/espeak-ng.wasm')));
  return compiled;
}

const xml = (text) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );

async function speak({ texts, voice, speed, gapMs }) {
  const module = await engineModule();
  const errors = [];
  const ssml = texts.length > 1;
  const text = ssml ? `<speak>${texts.map(xml).join(` <break time="${gapMs}ms"/> `)}</speak>` : texts[0];
  const engine = await ESpeakNg({
    arguments: ['-v', voice, '-s', String(speed), ...(ssml ? ['-m'] : []), '-w', '/out.wav', text],
    print: () => {},
    printErr: (line) => errors.push(line),
    // An error inside the engine must not set this process's exit code (its default does).
    quit: (_status, toThrow) => {
      throw toThrow;
    },
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    },
  });
  try {
    return engine.FS.readFile('/out.wav');
  } catch {
    throw new Error(
      `eSpeak NG wrote no audio: ${errors.filter((e) => !/keepRuntimeAlive/.test(e)).join(' ')}`,
    );
  }
}

/** One run at a time, in the order asked, whatever the caller does. */
let queue = Promise.resolve();

process.on('message', (message) => {
  queue = queue.then(() =>
    speak(message).then(
      (bytes) => process.send?.({ id: message.id, result: new Uint8Array(bytes) }),
      (error) => process.send?.({ id: message.id, error: String(error?.message ?? error) }),
    ),
  );
});

// The server ended (or was killed): nothing is left to say.
process.on('disconnect', () => process.exit(0));

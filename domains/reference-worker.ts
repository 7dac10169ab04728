// What runs in the embedded reference's worker thread (reference-thread.ts): the reference's
// modules loaded at once, then, when asked, the reference with the options given started on
// loopback; it says when it has started (what the run needs of it), and closes when asked.
import module from 'node:module';
import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './reference-thread.ts';

// V8's compiled code of the modules, kept as bin/conform.js keeps the main thread's: a worker loads
// the reference's modules again (in about half the time with it)
module.enableCompileCache?.();
const { embeddedReference } = await import('./reference.ts');

const port = parentPort;
let close: (() => Promise<void>) | undefined;
port?.on('message', async (m: ToWorker) => {
  if (m === 'close') {
    await close?.();
    port.postMessage({ closed: true } satisfies FromWorker);
    return;
  }
  try {
    const { close: end, ...started } = await embeddedReference(m.start.opts)(m.start.local);
    close = end;
    port.postMessage({ started } satisfies FromWorker);
  } catch (e) {
    port.postMessage({ failed: (e as Error).message } satisfies FromWorker);
  }
});

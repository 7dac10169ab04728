// The embedded reference in a worker thread of its own: the run's rules and the reference then each
// have a core, where in one thread they share one. The worker (reference-worker.ts) loads the
// reference's modules as soon as it is made, and starts the reference when asked. This module
// loads nothing else, so that bin/conform.js can make the worker before it loads the command line:
// the two threads then load their modules side by side.
import { Worker } from 'node:worker_threads';
import type { LocalTargetOptions, RunningLocalTarget } from '../harness/domain/local.ts';
import type { EmbeddedReferenceOptions } from '../reference/embedded.ts';

/** what the main thread asks of the worker */
export type ToWorker = { start: { opts: EmbeddedReferenceOptions; local: LocalTargetOptions } } | 'close';

/** what the worker says */
export type FromWorker = { started: Omit<RunningLocalTarget, 'close'> } | { failed: string } | { closed: true };

// the entry beside this module: .ts in a clone, .js in the installed package's build
const ENTRY = new URL(`./reference-worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url);

/** a worker made ahead (warmReferenceThread), until a start takes it */
let warm: Worker | undefined;

/**
 * Makes the reference's worker now, loading its modules while the main thread loads its own; the
 * next start takes it. Until then it keeps no process alive: a command that does not start the
 * reference ends as if it had never been made.
 */
export function warmReferenceThread(): void {
  warm ??= made();
  warm.unref();
}

function made(): Worker {
  const w = new Worker(ENTRY);
  // one that fails before a start takes it is dropped: that start makes another, and says its error
  w.on('error', () => {});
  w.once('exit', () => {
    if (warm === w) warm = undefined;
  });
  return w;
}

/** the worker made ahead, if it is still there, else a new one */
function take(): Worker {
  const w = warm ?? made();
  warm = undefined;
  w.ref();
  return w;
}

/** The reference with `opts` started in a worker thread (a warm one, if made): what it serves, and how to end it. */
export function referenceThread(opts: EmbeddedReferenceOptions, local: LocalTargetOptions): Promise<RunningLocalTarget> {
  const worker = take();
  return new Promise((resolve, reject) => {
    let exited = false;
    let started = false;
    worker.on('error', (e) => {
      if (!started) reject(e);
      // its name only: a message may quote what the run sent it
      else process.stderr.write(`the embedded reference stopped on an error of its own (${e.name}); the run goes on without it\n`);
    });
    worker.once('exit', () => {
      exited = true;
      if (!started) reject(new Error('the embedded reference ended before it started'));
    });
    worker.once('message', (m: FromWorker) => {
      if (!('started' in m)) {
        void worker.terminate();
        return reject(new Error('failed' in m ? m.failed : 'the embedded reference did not start'));
      }
      started = true;
      const close = async () => {
        if (exited) return;
        const closed = new Promise<void>((done) => {
          worker.once('message', () => done());
          worker.once('exit', () => done());
        });
        worker.postMessage('close' satisfies ToWorker);
        await closed;
        await worker.terminate();
      };
      resolve({ ...m.started, close });
    });
    worker.postMessage({ start: { opts, local } } satisfies ToWorker);
  });
}

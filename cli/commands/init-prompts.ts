// `conform init`, interactively: asks for what the flags did not give, one question a line, with
// the default in brackets (Enter takes it). Secrets are never asked for: only the names of the env
// vars that will hold them.
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { StartError } from '../../harness/config-loader/errors.ts';
import {
  type AuthKind,
  DEFAULT_LISTEN,
  ENV_NAME,
  INIT_SUITES,
  type InitAnswers,
  secretKeys,
  usesAds,
  usesConsumer,
  usesDataApi,
  usesReceiver,
  receiverUse,
  usesTarget,
} from './init-config.ts';

type Check = (answer: string) => string | undefined;

const url: Check = (v) => {
  try {
    return /^https?:$/.test(new URL(v).protocol) ? undefined : 'an http(s) URL, please';
  } catch {
    return 'an http(s) URL, please';
  }
};
const optionalUrl: Check = (v) => (v === '' ? undefined : url(v));
const httpsNoPort: Check = (v) =>
  /^https:\/\/[^/:]+(\/.*)?$/.test(v) ? undefined : 'https, with no port (e.g. https://hooks.example.test)';
const port: Check = (v) => (/^\d+$/.test(v) && Number(v) <= 65535 ? undefined : 'a port number, 0 to 65535');
const suites: Check = (v) => {
  const bad = v.split(/[\s,]+/).filter((s) => s && !(INIT_SUITES as readonly string[]).includes(s));
  return bad.length || !v.trim() ? `one or more of ${INIT_SUITES.join(', ')}` : undefined;
};
const oneOf =
  (...choices: string[]): Check =>
  (v) =>
    choices.includes(v) ? undefined : `one of ${choices.join(', ')}`;
const envName: Check = (v) => (ENV_NAME.test(v) ? undefined : 'an env var name (letters, digits, _)');

/** Asks for each answer the flags left out; `given` is not changed. */
export async function askMissing(given: InitAnswers, io: { input: Readable; output: Writable }): Promise<InitAnswers> {
  const rl = createInterface({ input: io.input, output: io.output, terminal: (io.input as { isTTY?: boolean }).isTTY === true });
  const lines = rl[Symbol.asyncIterator]();
  // piped answers may all have arrived (and the input ended) before the first question
  let closed = false;
  rl.once('close', () => {
    closed = true;
  });
  const ask = async (question: string, fallback: string, check: Check): Promise<string> => {
    for (;;) {
      const prompt = `${question}${fallback ? ` [${fallback}]` : ''}: `;
      if (!closed) rl.setPrompt(prompt); // a terminal redraws the line with it
      io.output.write(prompt);
      const next = await lines.next();
      if (next.done) throw new StartError(`init: no answer to "${question}" (the input ended)`);
      const answer = String(next.value).trim() || fallback;
      const problem = check(answer);
      if (!problem) return answer;
      io.output.write(`  ${problem}\n`);
    }
  };
  const a: InitAnswers = { ...given, env: { ...given.env } };
  try {
    io.output.write('conform init: a config for your target. Secrets are read from env vars: only their names go in the file.\n');
    if (!a.suites.length) a.suites = (await ask(`Suites (${INIT_SUITES.join(', ')})`, 'data-api', suites)).split(/[\s,]+/).filter(Boolean);
    if (usesDataApi(a)) {
      a.dataApiUrl ??= await ask('Data API base URL (/2/… is appended)', '', url);
      a.problemTypeBase ??= await ask('Problem type base of its errors', a.dataApiUrl, url);
    }
    if (usesAds(a)) {
      a.adsUrl ??= await ask('Advertising API base URL (/12/… is appended)', '', url);
      a.adsSandboxUrl ??= (await ask('Advertising API sandbox URL (Enter for none)', '', optionalUrl)) || undefined;
      a.auth ??= (await ask('Advertising API auth: bearer or oauth1', 'bearer', oneOf('bearer', 'oauth1'))) as AuthKind;
      // without it, the rules that create records are not checkable unless the base URL is the sandbox's
      if (a.adsUrl !== a.adsSandboxUrl)
        a.allowWrites ??=
          (await ask(
            'Let the ads rules create and delete records at that base URL (target.adsApi.allowWrites; named conform-<run>-…, removed at the end)? y or n',
            'n',
            oneOf('y', 'n'),
          )) === 'y';
    }
    if (usesTarget(a)) a.controlUrl ??= (await ask('Test-control API base URL (optional; Enter for none)', '', optionalUrl)) || undefined;
    if (usesReceiver(a)) {
      a.receiverUrl ??= await ask(`Receiver: the https address ${receiverUse(a)} (no port)`, '', httpsNoPort);
      a.listenHost ??= await ask('Receiver: listen host', DEFAULT_LISTEN.host, (v) => (v ? undefined : 'a host'));
      a.listenPort ??= Number(await ask('Receiver: listen port', String(DEFAULT_LISTEN.port), port));
    }
    if (usesConsumer(a)) {
      a.consumerCallback ??= await ask("Consumer: the app's callback URL", '', url);
      a.consumerConnectTo ??= (await ask('Consumer: connect to host:port instead (Enter for DNS)', '', () => undefined)) || undefined;
      a.consumerCaFile ??=
        (await ask('Consumer: PEM file of its certificate to trust (Enter for the system CAs)', '', () => undefined)) || undefined;
      a.consumerProbeUrl ??=
        (await ask("Consumer: its test-mode probe's base URL (optional; Enter for none)", '', optionalUrl)) || undefined;
    }
    a.name ??= await ask(
      'Name shown in reports',
      new URL(a.dataApiUrl ?? a.adsUrl ?? a.consumerCallback ?? 'http://my-target').hostname,
      () => undefined,
    );
    for (const [key, name] of Object.entries(secretKeys(a)))
      if (!a.env[key]) a.env[key] = await ask(`Env var holding ${key}`, name, envName);
    return a;
  } finally {
    rl.close();
  }
}

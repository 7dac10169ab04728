// `conform init`, its checks: the written config loaded with the engine's loader, then each part
// of the target checked as a run starts: every domain's start check (its harmless documented
// call), the control API's /capabilities, and whether the receiver can listen. Each line names the
// config key to fix; a secret whose env var is not set is named, and its part is not checked.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { StartError } from '../../harness/config-loader/errors.ts';
import { loadConfig, stripJsonComments } from '../../harness/config-loader/load.ts';
import type { RunConfig } from '../../harness/config-loader/types.ts';
import { httpClientFor, startCheck } from '../../harness/engine/session.ts';
import { ControlClient } from '../../harness/target/control.ts';
import type { HttpClient } from '../../harness/target/http.ts';
import { ENGINE } from '../app.ts';
import { envRefs } from './init-config.ts';

export interface CheckLine {
  status: 'ok' | 'fail' | 'skip';
  text: string;
}

export interface CheckResult {
  lines: CheckLine[];
  /** env vars the config reads that are not set */
  unset: string[];
}

type Env = Record<string, string | undefined>;

/** where each part's address is, and which secrets its start check uses */
const PARTS: Record<string, { url: string; auth: string; what: string }> = {
  'target.dataApi': { url: 'target.dataApi.baseUrl', auth: 'target.dataApi.bearerToken', what: "the app's bearer token" },
  'target.adsApi': { url: 'target.adsApi.baseUrl', auth: 'target.adsApi.auth', what: "the ads user's credentials" },
  consumer: { url: 'consumer.callbackUrl', auth: '', what: '' },
  'target.control': { url: 'target.control.baseUrl', auth: 'target.control.token', what: 'the control token' },
};

const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`);

/** what to fix for a failed start check, naming the keys */
function fixFor(part: string, message: string, refs: [string, string][]): string {
  const p = PARTS[part];
  if (!p) return `fix the keys under ${part}`;
  const named = (prefix: string) =>
    refs
      .filter(([k]) => under(k, prefix))
      .map(([k, n]) => `${k} (env ${n})`)
      .join(', ');
  if (/\b(401|403)\b/.test(message) && p.auth) return `fix ${named(p.auth)}: the target refused it; is it ${p.what}?`;
  if (/the consumer's probe/.test(message)) return 'fix consumer.probe.baseUrl: GET /processed and POST /reset must answer 2xx';
  if (/TLS|certificate/i.test(message)) return `fix ${p.url}, or trust its certificate (consumer.caFile)`;
  if (/unreachable/.test(message))
    return `fix ${p.url}: is the target up at that address${part === 'consumer' ? ' (or consumer.connectTo)' : ''}?`;
  if (/rate limited/.test(message)) return 'wait, then check again';
  return `fix ${p.url}: it must be the API's base address (the suites append the documented paths)`;
}

function listenCheck(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? e.message));
    s.listen(port, host, () => s.close(() => resolve(undefined)));
  });
}

async function checkParts(config: RunConfig, refs: [string, string][], missing: Set<string>, http: HttpClient): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const blocked = (prefix: string) => refs.filter(([k, n]) => under(k, prefix) && missing.has(n));
  const skip = (prefix: string) => {
    const b = blocked(prefix);
    if (b.length) lines.push({ status: 'skip', text: `${prefix}: not checked: export ${b.map(([k, n]) => `${n} (${k})`).join(', ')}` });
    return b.length > 0;
  };
  const control = config.control && new ControlClient(http, config.control);
  for (const d of ENGINE.domains) {
    const section = config.sections[d.config.targetKey];
    const prefix = d.config.placement === 'root' ? d.config.targetKey : `target.${d.config.targetKey}`;
    if (section === undefined || skip(prefix)) continue;
    // the suites of this section the config picks (all of them when it picks none)
    const picked = d.suites.filter((s) => !config.suites?.length || config.suites.includes(s.name));
    const suites = (picked.length ? picked : d.suites).map((s) => s.name).join(', ');
    try {
      const session = await d.open({
        section,
        config,
        http,
        control,
        receiver: () => {
          throw new Error('init starts no receiver');
        },
      });
      await session.close();
      lines.push({
        status: 'ok',
        text: `${prefix}: ${d.config.address(section)} answered the start check of the ${suites} suite${suites.includes(',') ? 's' : ''}`,
      });
    } catch (e) {
      const m = (e as Error).message;
      lines.push({ status: 'fail', text: `${prefix}: ${m}; ${fixFor(prefix, m, refs)}` });
    }
  }
  if (control && !skip('target.control')) {
    try {
      const caps = await startCheck(`the control API at ${control.baseUrl}`, () => control.capabilities());
      const on = Object.keys(caps.flags).filter((k) => caps.flags[k]);
      lines.push({ status: 'ok', text: `target.control: ${control.baseUrl} answered /capabilities (${on.join(', ') || 'nothing on'})` });
    } catch (e) {
      const m = (e as Error).message;
      lines.push({ status: 'fail', text: `target.control: ${m}; ${fixFor('target.control', m, refs)}` });
    }
  }
  // the receiver: the Data API's callbacks, and the images of the catalog's product rules
  if (config.sections.dataApi !== undefined || config.suites?.includes('catalog')) {
    const { listenHost: host, listenPort: port, publicBaseUrl } = config.receiver;
    const why = await listenCheck(host, port);
    lines.push(
      why
        ? {
            status: 'fail',
            text: `receiver.listenPort: cannot listen on ${host}:${port} (${why}); fix receiver.listenHost or receiver.listenPort`,
          }
        : {
            status: 'ok',
            text: `receiver: ${host}:${port} is free to listen on; your target must reach ${publicBaseUrl} (receiver.publicBaseUrl) there, trusting its certificate`,
          },
    );
  }
  return lines;
}

/** Loads the config file as a run does and checks each part of the target it names. */
export async function checkConfigFile(file: string, env: Env = process.env): Promise<CheckResult> {
  let doc: unknown;
  try {
    doc = JSON.parse(stripJsonComments(readFileSync(file, 'utf8')));
  } catch (e) {
    throw new StartError(`cannot read the config ${file}: ${(e as Error).message}`);
  }
  const refs = envRefs(doc);
  const unset = [...new Set(refs.map(([, n]) => n).filter((n) => !env[n]))];
  // unset secrets get a stand-in, so that the loader reads the rest; the parts using them are skipped
  const stand = `unset-${randomBytes(8).toString('hex')}`;
  const config = loadConfig(file, ENGINE.domains, { ...env, ...Object.fromEntries(unset.map((n) => [n, stand])) });
  const redact = ENGINE.redactor(config.secrets);
  const http = httpClientFor(config);
  try {
    const lines = await checkParts(config, refs, new Set(unset), http);
    return { lines: lines.map((l) => ({ ...l, text: redact.text(l.text) })), unset };
  } finally {
    await http.close();
  }
}

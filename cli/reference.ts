// `conform reference`: the reference target alone, for people who want a local emulator.
import { writeFileSync } from 'node:fs';
import { StartError } from '../harness/config-loader/errors.ts';
import { whenLauncherEnds } from './signals.ts';
import { freshSecret } from '../reference/part.ts';
import { CHOICES, FAULTS, isChoiceId, isFaultId, startReference } from '../domains/reference.ts';

export interface StandaloneOptions {
  host: string;
  port: number;
  resolve: string[];
  trustCaPem?: string;
  insecure: boolean;
  maxWebhooks?: number;
  crcTimeoutMs?: number;
  control: boolean;
  fault?: string;
  /** choices on (other readings of what the documents leave open) */
  choices: string[];
  /** fixed credentials (else fresh random ones) */
  consumerSecret?: string;
  bearerToken?: string;
  controlToken?: string;
  /** write a config file (TARGET-CONTRACT §1) that points the harness at this emulator */
  writeConfig?: string;
}

export function faultTable(): string[] {
  return FAULTS.map((f) => `${f.id.padEnd(34)} ${f.breaks.join(', ').padEnd(26)} ${f.description}`);
}

export function choiceTable(): string[] {
  return CHOICES.flatMap((c) => [
    `${c.id}  (${c.source.doc}, ${c.source.section})`,
    `    the document: ${c.source.sentence}`,
    `    by default:   ${c.byDefault}`,
    `    this choice:  ${c.reading}`,
  ]);
}

export function parseResolve(items: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const m = /^([^=\s]+:\d+)=([^=\s]+:\d+)$/.exec(item);
    if (!m) throw new StartError(`--resolve ${item}: expected host:port=ip:port`);
    out[m[1]] = m[2];
  }
  return out;
}

/**
 * The receiver a run against this emulator needs: where its callbacks go. A --resolve mapping of a
 * name on port 443 says it: the receiver listens on the mapped address, under https://<name>.
 */
function receiverFor(resolve: Record<string, string>): { listenHost: string; listenPort: number; publicBaseUrl: string } | undefined {
  const hit = Object.entries(resolve).find(([from]) => from.endsWith(':443'));
  if (!hit) return undefined;
  const [host, port] = [hit[1].slice(0, hit[1].lastIndexOf(':')), Number(hit[1].slice(hit[1].lastIndexOf(':') + 1))];
  return { listenHost: host, listenPort: port, publicBaseUrl: `https://${hit[0].slice(0, -':443'.length)}` };
}

/** what a written config still needs for the Data API rules that take callbacks */
function receiverNotes(receiver: ReturnType<typeof receiverFor>, o: StandaloneOptions): string[] {
  if (!receiver)
    return ["no receiver in the config: give --resolve <name>:443=<ip:port> so that callbacks reach conform's receiver at <ip:port>"];
  if (o.insecure) return [`receiver:            ${receiver.publicBaseUrl} → ${receiver.listenHost}:${receiver.listenPort}`];
  if (o.trustCaPem)
    return [
      `receiver:            ${receiver.publicBaseUrl} → ${receiver.listenHost}:${receiver.listenPort}; add receiver.tls (certFile, keyFile) for the certificate --hooks-ca trusts`,
    ];
  return [
    `receiver:            ${receiver.publicBaseUrl} → ${receiver.listenHost}:${receiver.listenPort}; the emulator does not trust the receiver's fresh certificate: start it with --insecure-hooks, or --hooks-ca and receiver.tls`,
  ];
}

export async function startStandaloneReference(o: StandaloneOptions): Promise<string[]> {
  const credentials = { consumerSecret: o.consumerSecret ?? freshSecret(), bearerToken: o.bearerToken ?? freshSecret() };
  const controlToken = o.controlToken ?? freshSecret();
  if (o.fault !== undefined && !isFaultId(o.fault))
    throw new StartError(`unknown fault "${o.fault}" (see conform reference --list-faults)`);
  const unknown = o.choices.find((c) => !isChoiceId(c));
  if (unknown) throw new StartError(`unknown choice "${unknown}" (see conform reference --list-choices)`);
  let ref: Awaited<ReturnType<typeof startReference>>;
  try {
    ref = await startReference({
      credentials,
      controlToken,
      testMode: o.control,
      host: o.host,
      port: o.port,
      resolve: parseResolve(o.resolve),
      trustCaPem: o.trustCaPem,
      insecureCallbacks: o.insecure,
      maxWebhooks: o.maxWebhooks,
      crcTimeoutMs: o.crcTimeoutMs,
      fault: o.fault,
      choices: o.choices,
    });
  } catch (e) {
    if (e instanceof TypeError) throw new StartError((e as Error).message);
    throw new StartError(`the reference cannot listen on ${o.host}:${o.port}: ${(e as Error).message}`);
  }
  const receiver = receiverFor(parseResolve(o.resolve));
  if (o.writeConfig) {
    const target = {
      name: 'conform reference (emulator)',
      ...ref.target,
      ...(o.control ? { control: { baseUrl: ref.controlBaseUrl, token: controlToken } } : {}),
    };
    try {
      writeFileSync(o.writeConfig, `${JSON.stringify({ target, ...(receiver ? { receiver } : {}) }, null, 2)}\n`, { mode: 0o600 });
    } catch (e) {
      await ref.close();
      throw new StartError(`cannot write --write-config ${o.writeConfig}: ${(e as Error).message}`);
    }
  }
  const stop = () => {
    void ref.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // the server keeps the process alive: it ends with its launcher too (npm passes no SIGTERM on)
  whenLauncherEnds(stop);
  return [
    'reference target running (Ctrl-C to stop)',
    ...ref.lines,
    ...(o.control ? [`control base URL:    ${ref.controlBaseUrl}`, `control token:       ${controlToken}`] : []),
    ...(o.fault ? [`fault active:        ${o.fault}`] : []),
    ...(o.choices.length ? [`choices on:          ${o.choices.join(', ')}`] : []),
    ...(o.writeConfig ? [`config written to:   ${o.writeConfig} (these credentials in clear: keep it private)`] : []),
    ...(o.writeConfig ? receiverNotes(receiver, o) : []),
    '',
    `${o.consumerSecret ? 'These credentials were given on the command line.' : 'These credentials are made for this process only.'} To run the suite against it, put them in a config file`,
    '(see docs/targets-and-config.md) with receiver.listenPort matching your --resolve mapping.',
  ];
}

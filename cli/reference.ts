// `conform reference`: the reference target alone, for people who want a local emulator.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { StartError } from '../harness/config-loader/errors.ts';
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

export async function startStandaloneReference(o: StandaloneOptions): Promise<string[]> {
  const fresh = () => randomBytes(24).toString('base64url');
  const credentials = { consumerSecret: o.consumerSecret ?? fresh(), bearerToken: o.bearerToken ?? fresh() };
  const controlToken = o.controlToken ?? fresh();
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
  if (o.writeConfig) {
    const target = {
      name: 'conform reference (emulator)',
      ...ref.target,
      ...(o.control ? { control: { baseUrl: ref.controlBaseUrl, token: controlToken } } : {}),
    };
    try {
      writeFileSync(o.writeConfig, `${JSON.stringify({ target }, null, 2)}\n`, { mode: 0o600 });
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
  return [
    'reference target running (Ctrl-C to stop)',
    ...ref.lines,
    ...(o.control ? [`control base URL:    ${ref.controlBaseUrl}`, `control token:       ${controlToken}`] : []),
    ...(o.fault ? [`fault active:        ${o.fault}`] : []),
    ...(o.choices.length ? [`choices on:          ${o.choices.join(', ')}`] : []),
    ...(o.writeConfig ? [`config written to:   ${o.writeConfig} (these credentials in clear: keep it private)`] : []),
    '',
    `${o.consumerSecret ? 'These credentials were given on the command line.' : 'These credentials are made for this process only.'} To run the suite against it, put them in a config file`,
    '(see docs/targets-and-config.md) with receiver.listenPort matching your --resolve mapping.',
  ];
}

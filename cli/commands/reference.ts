// `conform reference`: the reference target alone, as a local emulator.
import type { Command } from 'commander';
import { Option } from 'commander';
import { choiceTable, faultTable, startStandaloneReference } from '../reference.ts';
import { collect, int, readOption } from './shared.ts';

export function referenceCommand(program: Command): void {
  program
    .command('reference')
    .description('start the reference target alone, as a local emulator, and print its URLs and credentials')
    .option('--host <host>', 'listen host', '127.0.0.1')
    .option('--port <n>', 'listen port (0 = any free port)', int('--port', 0), 7001)
    .option('--resolve <host:port=ip:port>', 'map a callback host, e.g. hooks.conformance.test:443=127.0.0.1:9443 (repeatable)', collect)
    .option('--hooks-ca <file>', "trust this certificate for callbacks (the receiver's)")
    .option('--insecure-hooks', 'do not verify callback certificates')
    .option('--max-webhooks <n>', 'webhooks per app (default 3)', int('--max-webhooks', 1))
    .option('--crc-timeout-ms <n>', 'how long a CRC may take (default 3000)', int('--crc-timeout-ms', 1))
    .option('--no-control', 'do not serve the test-control API (the hourly CRC then runs on a real timer)')
    .option('--fault <id>', 'run with one deliberate fault of the catalogue (see --list-faults)')
    .option('--list-faults', 'print the fault catalogue (id, rules it breaks, what it does) and exit')
    .option(
      '--choice <id>',
      'read an open point of the documents this way instead of the default (repeatable; see --list-choices)',
      collect,
    )
    .option('--list-choices', 'print the catalogue of open choices (id, document and sentence, default and this reading) and exit')
    .option('--write-config <file>', 'write a config file that points conform run and conform sweep at this emulator')
    .addOption(new Option('--consumer-secret <s>', 'fixed consumer secret instead of a fresh one').env('REFERENCE_CONSUMER_SECRET'))
    .addOption(new Option('--bearer-token <t>', 'fixed bearer token instead of a fresh one').env('REFERENCE_BEARER_TOKEN'))
    .addOption(new Option('--control-token <t>', 'fixed control token instead of a fresh one').env('REFERENCE_CONTROL_TOKEN'))
    .action(
      async (o: {
        host: string;
        port: number;
        resolve?: string[];
        hooksCa?: string;
        insecureHooks?: boolean;
        maxWebhooks?: number;
        crcTimeoutMs?: number;
        control: boolean;
        fault?: string;
        listFaults?: boolean;
        choice?: string[];
        listChoices?: boolean;
        consumerSecret?: string;
        bearerToken?: string;
        controlToken?: string;
        writeConfig?: string;
      }) => {
        if (o.listFaults || o.listChoices) {
          for (const l of o.listFaults ? faultTable() : choiceTable()) process.stdout.write(`${l}\n`);
          return;
        }
        const lines = await startStandaloneReference({
          host: o.host,
          port: o.port,
          resolve: o.resolve ?? [],
          trustCaPem: o.hooksCa ? readOption('--hooks-ca', o.hooksCa) : undefined,
          insecure: o.insecureHooks === true,
          maxWebhooks: o.maxWebhooks,
          crcTimeoutMs: o.crcTimeoutMs,
          control: o.control,
          fault: o.fault,
          choices: o.choice ?? [],
          consumerSecret: o.consumerSecret,
          bearerToken: o.bearerToken,
          controlToken: o.controlToken,
          writeConfig: o.writeConfig,
        });
        for (const l of lines) process.stdout.write(`${l}\n`);
      },
    );
}

// `conform verify compliance.json`: was the file edited since conform wrote it (its SHA-256 digest),
// and, when it is signed, does the Ed25519 signature hold (by a trusted key, when one is given)?
import type { Command } from 'commander';
import { verifyIntegrity } from '../../reports/index.ts';
import { readJsonOption, readOption } from './shared.ts';
import { printable } from '../cut.ts';

export function verifyCommand(program: Command): void {
  program
    .command('verify')
    .description('check that a compliance.json was not edited since conform wrote it (digest, and signature when signed)')
    .argument('<file>', 'a compliance.json')
    .option('--public-key <file>', 'require the signature to be made by this Ed25519 public key (PEM)')
    .addHelpText(
      'after',
      '\nExamples:\n  conform verify reports/out/compliance.json\n  conform verify compliance.json --public-key vendor.pub.pem',
    )
    .action((file: string, o: { publicKey?: string }) => {
      const doc = readJsonOption('verify', file);
      const v = verifyIntegrity(doc, o.publicKey ? readOption('--public-key', o.publicKey) : undefined);
      for (const l of v.lines) process.stdout.write(`${printable(l)}\n`);
      process.stdout.write(`${file}: ${v.ok ? 'verified' : 'NOT verified'}\n`);
      process.exitCode = v.ok ? 0 : 1;
    });
}

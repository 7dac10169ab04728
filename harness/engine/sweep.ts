// `conform sweep`: removes what earlier runs left on a real target (after a crash, a kill -9, a
// lost connection). Every domain whose section the config has is opened as for a run, without
// the receiver, and asked to sweep what it knows to be its runs' (records they name, callbacks at the
// receiver's hooks); the tenants and users runs left are deleted.
import type { RunConfig } from '../config-loader/types.ts';
import type { Domain, SweepOutcome } from '../domain/types.ts';
import { ControlClient } from '../target/control.ts';
import { httpClientFor } from './session.ts';

export interface SweepReport {
  /** per domain: what it removed and what it could not; `skipped` says why a domain did nothing */
  domains: { domain: string; outcome?: SweepOutcome; skipped?: string }[];
}

/** the tenants (TARGET-CONTRACT §3a) runs left: every one the target lists, unless one run's records are asked for */
async function sweepTenants(control: ControlClient, runId: string | undefined): Promise<SweepReport['domains'][number]> {
  const caps = await control.capabilities().catch(() => undefined);
  if (!caps?.flags.tenants) return { domain: 'tenants', skipped: 'the target offers no tenants' };
  if (runId !== undefined)
    return { domain: 'tenants', skipped: 'a tenant does not name the run that created it: sweep without --run-id to delete them all' };
  const outcome: SweepOutcome = { removed: [], problems: [] };
  for (const id of await control.tenants()) {
    try {
      await control.deleteTenant(id);
      outcome.removed.push(`tenant ${id}`);
    } catch (e) {
      outcome.problems.push(`tenant ${id}: ${(e as Error).message}`);
    }
  }
  return { domain: 'tenants', outcome };
}

/** the users (TARGET-CONTRACT §3b) runs left, as GET /users lists them (an extension: a target without it is skipped) */
async function sweepUsers(control: ControlClient, runId: string | undefined): Promise<SweepReport['domains'][number]> {
  const caps = await control.capabilities().catch(() => undefined);
  if (!caps?.flags.users) return { domain: 'users', skipped: 'the target offers no users' };
  if (runId !== undefined)
    return { domain: 'users', skipped: 'a user does not name the run that created it: sweep without --run-id to delete them all' };
  const ids = await control.users().catch(() => undefined);
  if (ids === undefined) return { domain: 'users', skipped: 'the control API lists no users (GET /users): nothing to find them by' };
  const outcome: SweepOutcome = { removed: [], problems: [] };
  for (const id of ids) {
    try {
      await control.deleteUser(id);
      outcome.removed.push(`user ${id}`);
    } catch (e) {
      outcome.problems.push(`user ${id}: ${(e as Error).message}`);
    }
  }
  return { domain: 'users', outcome };
}

export async function sweepTarget(config: RunConfig, domains: Domain[], runId?: string): Promise<SweepReport> {
  const http = httpClientFor(config);
  const control = config.control ? new ControlClient(http, config.control) : undefined;
  const report: SweepReport = { domains: [] };
  try {
    if (control) report.domains.push(await sweepUsers(control, runId), await sweepTenants(control, runId));
    for (const d of domains) {
      const section = config.sections[d.config.targetKey];
      if (section === undefined) continue;
      const session = await d.open({
        section,
        config,
        http,
        control,
        receiver: () => {
          throw new Error('a sweep does not start the callback receiver');
        },
      });
      try {
        if (!session.sweep) report.domains.push({ domain: d.name, skipped: 'its runs leave nothing named on the target' });
        else report.domains.push({ domain: d.name, outcome: await session.sweep(runId) });
      } finally {
        await session.close();
      }
    }
  } finally {
    await http.close();
  }
  return report;
}

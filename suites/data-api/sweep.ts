// `conform sweep` for the Data API: the webhooks earlier runs left on the app (a run killed before
// its cleanup, or a target lost in the middle of one). Every callback URL a run registers is a hook
// of its receiver, under receiver.publicBaseUrl (harness/receiver/paths.ts: isHookUrl), so the
// sweep deletes the webhooks whose URL is one, and no other. A hook names no run, so with
// --run-id nothing is swept (as for tenants and users).
import type { SweepOutcome } from '../../harness/domain/types.ts';
import { isHookUrl } from '../../harness/receiver/index.ts';
import type { DataApiClient } from './client/data-api.ts';

export async function sweepWebhooks(data: DataApiClient, publicBaseUrl: string, runId?: string): Promise<SweepOutcome> {
  const out: SweepOutcome = { removed: [], problems: [] };
  if (runId !== undefined) {
    out.skipped = `a webhook's callback URL does not name the run that registered it: sweep without --run-id to delete every webhook whose callback is under ${publicBaseUrl}`;
    return out;
  }
  const res = await data.listWebhooks();
  const listed = (res.body as { data?: unknown } | undefined)?.data;
  if (res.status !== 200 || !Array.isArray(listed)) {
    out.problems.push(`GET /2/webhooks answered ${res.status}${Array.isArray(listed) ? '' : ' without a data list'}`);
    return out;
  }
  const others: string[] = [];
  for (const w of listed as { id?: unknown; url?: unknown }[]) {
    if (typeof w.id !== 'string' || typeof w.url !== 'string' || !isHookUrl(publicBaseUrl, w.url)) {
      others.push(String(w.id));
      continue;
    }
    try {
      const del = await data.deleteWebhook(w.id);
      // 404: gone meanwhile
      if ((del.status >= 200 && del.status < 300) || del.status === 404) out.removed.push(`webhook ${w.id} (${w.url})`);
      else out.problems.push(`webhook ${w.id} (${w.url}): DELETE answered ${del.status}`);
    } catch (e) {
      out.problems.push(`webhook ${w.id} (${w.url}): ${(e as Error).message}`);
    }
  }
  if (others.length) out.skipped = `${others.length} webhook(s) whose callback is not a hook under ${publicBaseUrl} (not a run's)`;
  return out;
}

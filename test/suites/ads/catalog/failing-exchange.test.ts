// CAT-PRD-001 under the fault that keeps a catalog's old name: the failure's curl line and the
// HTML's highlight name the PUT whose answer showed it, not the DELETE that cleaned up after it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { switchedReference } from '../../../../cli/app.ts';
import type { HttpExchange } from '../../../../harness/model/result.ts';
import { runLocal } from '../../../runners/run-local.ts';

describe('the failing exchange of CAT-PRD-001 under cat-prd-rename-ignored', () => {
  test('is the PUT (index and curl line), though a DELETE came after it; the HTML marks it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-failing-'));
    const { factory } = switchedReference({ fault: 'cat-prd-rename-ignored' });
    const out = await runLocal('reference', factory, { rules: ['CAT-PRD-001'], reportDir: dir });
    const r = out.byId.get('CAT-PRD-001')!;
    expect(r.status).toBe('failed');
    const xs = r.evidence as HttpExchange[];
    const at = r.failingExchange!;
    expect(xs[at].request.method).toBe('PUT');
    expect(xs.slice(at + 1).map((x) => x.request?.method)).toContain('DELETE');
    expect(r.curl).toMatch(/\ncurl -sS -i -X PUT "http:\/\/127\.0\.0\.1:\d+\/12\/product_catalogs\/\d+\?name=conform-/);
    const html = readFileSync(join(dir, 'compliance.html'), 'utf8');
    const card = html.slice(html.indexOf('data-rule="CAT-PRD-001"'));
    expect(card).toContain(`Repeat the failing exchange #${at + 1} (curl`);
    expect(card).toMatch(
      new RegExp(
        `<details class="ex failing" data-failing="true"><summary><span class="num">#${at + 1}</span><span class="failing-tag">the failing exchange</span><span class="method">PUT</span>`,
      ),
    );
    expect(card.match(/class="ex failing"/g)).toHaveLength(1);
  });
});

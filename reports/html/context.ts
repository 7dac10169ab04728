// State shared by the sections of one page: the report, unique element ids, the body budget.

import type { RuleResult, RunReport } from '../../harness/model/result.ts';
import { reproduceCommand } from '../common.ts';
import { anchor, h } from './escape.ts';
import { EvidenceBudget } from './evidence.ts';

export class Page {
  readonly budget = new EvidenceBudget();
  private seq = 0;

  readonly report: RunReport;

  constructor(report: RunReport) {
    this.report = report;
  }

  /** a fresh element id */
  id(prefix: string): string {
    return `${prefix}${++this.seq}`;
  }

  /** the id of a rule's entry in the rule list */
  ruleAnchor(r: RuleResult): string {
    return anchor('rule', r.id);
  }

  /** the id of a rule's card in the Failures section */
  failureAnchor(r: RuleResult): string {
    return anchor('fail', r.id);
  }

  /** the `conform run` line that reruns one rule against the same target with the same seed */
  cliLine(r: RuleResult): string {
    return reproduceCommand({ ...r, curl: undefined }, this.report);
  }

  /** a command in a block with a copy button */
  command(label: string, text: string): string {
    const id = this.id('cmd');
    return (
      `<div class="cmd"><div class="cmd-head"><span>${h(label)}</span>` +
      `<button type="button" class="copy" data-copy="${id}" title="Copy to the clipboard">Copy</button></div>` +
      `<pre class="code cmdline" id="${id}"><code>${h(text)}</code></pre></div>`
    );
  }

  /** the reproducer of a rule: the CLI line, and the curl line of the exchange its failure is about when it has one */
  reproducer(r: RuleResult): string {
    const which = r.failingExchange !== undefined ? ` #${r.failingExchange + 1}` : '';
    return (
      this.command('Rerun this rule', this.cliLine(r)) +
      (r.curl ? this.command(`Repeat the failing exchange${which} (curl; secrets as $ENV names)`, r.curl) : '')
    );
  }
}

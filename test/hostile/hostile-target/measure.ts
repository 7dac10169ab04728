// Run in a child process by huge-bodies.test.ts: one run of the Data API suite with a config,
// then its exit code and peak resident memory as JSON on stdout.
import { runConform } from '../../../cli/app.ts';

const [configFile, reportDir] = process.argv.slice(2);
const started = Date.now();
const out = await runConform({ configFile, reportDir, allure: false, seed: 1, runs: 3 });
process.stdout.write(
  `${JSON.stringify({ exitCode: out.exitCode, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), ms: Date.now() - started, summary: out.report.summary })}\n`,
);

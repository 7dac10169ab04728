// A RunReport with one rule of each status and secrets hidden everywhere a report could leak them.

import type { RunReport } from '../../harness/model/result.ts';

export const BEARER = 'AAAAbearer+Tok/en=9x';
export const CONSUMER = 'consumer secret ü&key';
export const CONTROL = 'ctl-token-1234567890';
export const OAUTH_SECRET = 'oauthTokenSecret42';
export const SECRETS = [BEARER, CONSUMER, CONTROL, OAUTH_SECRET];

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export function sampleReport(): RunReport {
  return {
    target: { name: 'acme <staging> & "co"', dataApi: 'https://api.example.test', adsApi: 'https://ads.example.test' },
    startedAt: '2025-01-02T03:04:05.000Z',
    finishedAt: '2025-01-02T03:05:17.250Z',
    harnessVersion: '0.1.0',
    seed: 1234,
    runs: 100,
    summary: { passed: 1, failed: 1, notCheckable: 1, waived: 1, observed: 1, error: 0, notRun: 0 },
    rules: [
      {
        id: 'WH-CRC-002',
        title: 'response_token is sha256= + Base64 HMAC <keyed> with the consumer secret & nothing else',
        source: 'data-api-webhooks-replay.md § CRC rules 2',
        level: 'MUST',
        suite: 'data-api',
        area: 'webhooks',
        status: 'failed',
        reason: `the target keyed the HMAC with the bearer token ${BEARER} instead of "${CONSUMER}"\u0001`,
        property: {
          seed: 99,
          runs: 50,
          counterexample: `{"crc_token":"${CONTROL}"}`,
          reproduce: 'conform run --rule WH-CRC-002 --seed 99',
        },
        evidence: [
          {
            request: {
              method: 'GET',
              url: `https://api.example.test/2/webhooks/1?crc_token=${encodeURIComponent(BEARER)}&k=${encodeURIComponent(CONSUMER).toLowerCase()}`,
              headers: { Authorization: `Bearer ${BEARER}`, 'content-type': 'application/json', [`x-${CONTROL}`]: 'key-with-secret' },
              body: { consumer_secret: CONSUMER, nested: [{ token: BEARER }, b64(BEARER)] },
            },
            response: {
              status: 400,
              headers: { 'content-type': 'text/plain', 'www-authenticate': `Bearer realm="${OAUTH_SECRET}"` },
              text: `echo: Authorization: Bearer ${BEARER}\n{"authorization":"OAuth oauth_token=\\"x\\", oauth_signature=\\"y\\""} ${b64(BEARER).replace(/=+$/, '')} ${Buffer.from(CONSUMER).toString('base64url')}`,
            },
            durationMs: 12,
          },
        ],
        durationMs: 1530,
      },
      {
        id: 'WH-SIG-001',
        title: 'every event POST carries a valid x-vendor-webhooks-signature',
        source: 'data-api-webhooks-replay.md § Signature 1',
        level: 'MUST',
        suite: 'data-api',
        area: 'webhooks',
        status: 'passed',
        evidence: [
          {
            inbound: {
              at: '2025-01-02T03:04:30.000Z',
              method: 'POST',
              url: 'https://hooks.conformance.test/cb/1',
              headers: {
                authorization: `Basic ${b64(`user:${OAUTH_SECRET}`)}`,
                'x-vendor-webhooks-signature': 'sha256=abc',
              },
              body: JSON.stringify({ blob: b64(`xy${CONSUMER}z`), other: b64(`q${CONTROL}`) }),
              signature: { header: 'sha256=abc', valid: true },
              answered: 200,
            },
          },
        ],
        durationMs: 40,
      },
      {
        id: 'RP-DEL-003',
        title: 'replay re-delivers the events of the window',
        source: 'data-api-webhooks-replay.md § Replay 4',
        level: 'MUST',
        suite: 'data-api',
        area: 'replay',
        status: 'not-checkable',
        reason: `needs control.events: the control API refused token ${CONTROL}`,
        evidence: [],
        durationMs: 0,
      },
      {
        id: 'ADS-CAMP-010',
        title: 'campaign budget is rejected below the minimum',
        source: 'ads-api-accounts-campaigns.md § Campaigns 10',
        level: 'MUST',
        suite: 'ads',
        area: 'campaigns',
        status: 'waived',
        reason: `known deviation VEND-123 (seen with key=${encodeURIComponent(OAUTH_SECRET)})`,
        evidence: [{ note: `waived by waivers.json, token ${b64(OAUTH_SECRET)}` }],
        durationMs: 200,
      },
      {
        id: 'RP-OBS-001',
        title: 'status code for CrcValidationFailed',
        source: 'data-api-webhooks-replay.md § Errors table',
        level: 'OBSERVE',
        suite: 'data-api',
        area: 'webhooks',
        status: 'observed',
        evidence: [{ note: `observed with ${OAUTH_SECRET}` }],
        durationMs: 75,
      },
    ],
    observations: [
      { topic: 'status code for CrcValidationFailed', seen: `400 (echoed ${BEARER})`, ruleId: 'RP-OBS-001' },
      { topic: 'problem type base', seen: `https://api.example.test/problems?k=${encodeURIComponent(CONSUMER)}` },
    ],
    staleWaivers: [],
  };
}

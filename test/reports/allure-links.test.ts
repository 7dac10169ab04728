// Links from Allure results to the specification: GitHub's heading anchors, the deepest heading of
// a rule's section path, and GitHub's numbering of repeated headings.

import { describe, expect, test } from 'vitest';
import { githubSlug, headingAnchors, sectionAnchor, specLink } from '../../reports/allure-links.ts';

describe('allure spec links', () => {
  test('githubSlug: lower case, punctuation dropped, each space a hyphen, inline markup reduced to its text', () => {
    expect(githubSlug("Endpoints called by the service on the application's callback URL")).toBe(
      'endpoints-called-by-the-service-on-the-applications-callback-url',
    );
    expect(githubSlug('Replay request body (JSON)')).toBe('replay-request-body-json');
    expect(githubSlug('`GET /2/webhooks` and **more**')).toBe('get-2webhooks-and-more');
    expect(githubSlug('Post, media and user objects')).toBe('post-media-and-user-objects');
    expect(githubSlug('snake_case – ok')).toBe('snake_case--ok');
  });

  test('headingAnchors: paths from level 2 down; repeated headings numbered as GitHub does; fenced code skipped', () => {
    const md = ['# Title', '## Limits', '### Rate', '## Errors', '### Rate', '```', '## Not a heading', '```', '## Limits'].join('\n');
    const a = headingAnchors(md);
    expect(a.get('Limits')).toBe('limits');
    expect(a.get('Limits › Rate')).toBe('rate');
    expect(a.get('Errors')).toBe('errors');
    expect(a.get('Errors › Rate')).toBe('rate-1');
    expect(a.has('Not a heading')).toBe(false);
    expect(a.get('Limits')).toBe('limits'); // the first of two equal paths keeps its anchor
  });

  test('sectionAnchor: the deepest heading of the path in the real document; a lead-in label is not a heading', () => {
    const doc = 'data-api-webhooks-replay.md';
    expect(sectionAnchor(doc, 'Events › Delivery rules')).toBe('events');
    expect(sectionAnchor(doc, "Endpoints › Endpoints called by the service on the application's callback URL › CRC rules")).toBe(
      'endpoints-called-by-the-service-on-the-applications-callback-url',
    );
    expect(sectionAnchor(doc, 'Resources and their fields › Replay request body (JSON)')).toBe('replay-request-body-json');
    // a document that is not beside the repository: the last part of the path
    expect(sectionAnchor('no-such-document.md', 'Limits › Rate limits')).toBe('rate-limits');
  });

  test('specLink: relative to ../shared/spec, anchor when there is one', () => {
    expect(specLink('data-api-webhooks-replay.md', 'Authentication')).toBe('../shared/spec/data-api-webhooks-replay.md#authentication');
    expect(specLink('data-api-webhooks-replay.md', undefined)).toBe('../shared/spec/data-api-webhooks-replay.md');
  });
});

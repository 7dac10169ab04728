// The toy rule catalogue, as data: one rule per engine behaviour the tests look at. The suite
// names an existing document only because a suite must; the toy rules check no real API.
import { exclusive, type Capability, type Hold, type Level, type RuleMeta, shared } from '../../../harness/model/rule.ts';

export const TOY_DOC = 'data-api-webhooks-replay.md';

export const ITEMS: Hold = shared('toy.items');
export const ALL_ITEMS: Hold = exclusive('toy.items');
export const CLOCK: Hold = exclusive('toy.clock');
export const EVENTS: Hold = exclusive('toy.events');
export const RECEIVER: Hold = shared('receiver');

function rule(id: string, area: string, level: Level, title: string, holds: Hold[], needs: Capability[] = []): RuleMeta {
  return { id, title, suite: 'toy', area, level, source: { doc: TOY_DOC, section: 'Toy', item: id }, needs, holds };
}

export const TOY_RULES: RuleMeta[] = [
  rule('TOY-LIST-001', 'items', 'MUST', 'GET /toy/items answers 200 with a data list', [ITEMS]),
  rule('TOY-CREATE-001', 'items', 'MUST', 'POST /toy/items without a name is refused with 400 and creates nothing', [ITEMS]),
  rule('TOY-CREATE-002', 'items', 'MUST', 'A created item is answered 201 with a string id', [ITEMS]),
  rule('TOY-GET-001', 'items', 'MUST', 'An item reads back as JSON with its name', [ITEMS]),
  rule('TOY-LIM-001', 'limits', 'MUST', 'Past the item limit, POST /toy/items is refused with 409', [ALL_ITEMS], ['limit.maxItems']),
  rule('TOY-CLOCK-001', 'clock', 'MUST', "created_at is the target's clock", [ITEMS, CLOCK], ['control.clock']),
  rule('TOY-FIX-001', 'fixtures', 'MUST', 'Every fixture item reads back', [ITEMS], ['toy.fixtureItems']),
  rule('TOY-OBS-001', 'items', 'OBSERVE', 'What DELETE of an unknown item answers', [ITEMS]),
  rule('TOY-PROP-001', 'items', 'MUST', 'Any name of 1 to 12 printable characters is accepted and listed as given', [ALL_ITEMS]),
  rule('TOY-HOOK-001', 'events', 'MUST', 'A ping event is POSTed to the callback URL given', [RECEIVER, EVENTS], ['control.toyEvents']),
  rule('TOY-UNDO-001', 'items', 'MUST', "An undo step the rule defers runs after its check (a refused one is the run's cleanup problem)", [
    ITEMS,
  ]),
  rule('TOY-SNEAK-001', 'misuse', 'MUST', 'A rule that uses the receiver without holding it (a harness bug)', [ITEMS]),
];

/** Every rule a correct toy service passes (or that is observed, or not checkable by design). */
export const SOUND_RULES = TOY_RULES.map((r) => r.id).filter((id) => id !== 'TOY-SNEAK-001');

// Family faults on the wire: the host applies the active fault's mutation to the routes it names
// (the request the handler sees, the answer sent) and to no other route; the operators themselves.
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../reference/host/http.ts';
import { type RunningHost, startReferenceHost } from '../../reference/host/index.ts';
import { dropMember, dropQuery, enumeration, mapBodyMember, mapMember, offByOne, setMember } from '../../reference/host/mutations.ts';
import type { Fault, HostModule, Mutation } from '../../reference/host/types.ts';

function part(faults: Fault[]): HostModule {
  return {
    name: 'p',
    faults,
    create: () => ({
      routes: [
        { method: 'GET', path: '/one/:id', handle: (req, p) => json(200, { data: { id: p.id, a: 1, q: req.query.get('q') } }) },
        { method: 'GET', path: '/list', handle: () => json(200, { data: [{ a: 1, b: 2 }, { a: 3 }] }) },
        { method: 'POST', path: '/echo', json: true, handle: (req) => json(200, { got: req.body }) },
      ],
      capabilities: () => ({ flags: {} }),
      reset() {},
      close: async () => {},
    }),
  };
}

function mutated(id: string, mutation: Mutation): Fault {
  return { id, domain: 'p', description: id, breaks: ['FAKE-001'], mutation };
}

const hosts: RunningHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
});

async function start(faults: Fault[], active?: string): Promise<RunningHost> {
  const h = await startReferenceHost({ modules: [part(faults)], fault: active, testMode: false });
  hosts.push(h);
  return h;
}

async function get(h: RunningHost, path: string, init?: RequestInit): Promise<unknown> {
  return (await fetch(`${h.baseUrl}${path}`, init)).json();
}

describe('family faults on the wire', () => {
  const faults = [
    mutated('drop-a', { routes: ['GET /list'], reply: dropMember('data.a') }),
    mutated('ignore-q', { routes: ['GET /one/:id'], request: dropQuery('q') }),
    mutated('body', { routes: ['POST /echo'], request: mapBodyMember('name', (v) => `${v}!`) }),
  ];

  it('drops a member of every record of a list, on the named route only', async () => {
    const h = await start(faults, 'drop-a');
    expect(await get(h, '/list')).toEqual({ data: [{ b: 2 }, {}] });
    expect(await get(h, '/one/7?q=x')).toEqual({ data: { id: '7', a: 1, q: 'x' } });
  });

  it('hides a query parameter from the handler', async () => {
    const h = await start(faults, 'ignore-q');
    expect(await get(h, '/one/7?q=x')).toEqual({ data: { id: '7', a: 1, q: null } });
  });

  it('rewrites a JSON body member before the handler reads it', async () => {
    const h = await start(faults, 'body');
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'n' }) };
    expect(await get(h, '/echo', init)).toEqual({ got: { name: 'n!' } });
  });

  it('changes nothing when no family fault is active', async () => {
    const h = await start(faults);
    expect(await get(h, '/list')).toEqual({ data: [{ a: 1, b: 2 }, { a: 3 }] });
  });
});

describe('mutation operators', () => {
  const reply = { status: 200, body: { data: { a: 1, n: { b: [1] } } } };
  it('maps and sets members', () => {
    expect(mapMember('data.a', String)(reply).body).toEqual({ data: { a: '1', n: { b: [1] } } });
    expect(setMember('data.z', null)(reply).body).toEqual({ data: { a: 1, n: { b: [1] }, z: null } });
    expect(reply.body).toEqual({ data: { a: 1, n: { b: [1] } } });
  });
  it('moves a value across a limit by one, and only the value next to it', () => {
    expect(offByOne.text.accepts(3)('abcd')).toBe('abc');
    expect(offByOne.text.accepts(3)('abcde')).toBe('abcde');
    expect(offByOne.text.refuses(3)('abc')).toBe('abcx');
    expect(offByOne.text.refuses(3)('ab')).toBe('ab');
    expect(offByOne.list.accepts(2)('a,b,c')).toBe('a,b');
    expect(offByOne.list.refuses(2)('a,b')).toBe('a,b,a');
    expect(offByOne.max.accepts(1000)('1001')).toBe('1000');
    expect(offByOne.max.refuses(1000)('1000')).toBe('1001');
    expect(offByOne.min.accepts(1)('0')).toBe('1');
    expect(offByOne.min.refuses(1)('1')).toBe('0');
  });
  it('refuses one listed value, or accepts any unlisted one', () => {
    expect(enumeration.refuses('B')('B')).toBe('B_UNLISTED');
    expect(enumeration.refuses('B')('A')).toBe('A');
    expect(enumeration.accepts(['A', 'B'])('Z')).toBe('A');
  });
});

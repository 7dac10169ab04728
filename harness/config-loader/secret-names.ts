// The env var name a printed command line uses in place of a secret given literally in the
// config: the key's last part in SCREAMING_SNAKE_CASE, led by the part before it when the last
// part alone says little ("target.control.token" → CONTROL_TOKEN, "target.x.bearerToken" → BEARER_TOKEN).

const GENERIC = new Set(['token', 'secret', 'key', 'password', 'value']);

const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();

export function envNameFor(key: string): string {
  const parts = key.split('.').filter(Boolean);
  const last = parts.at(-1) ?? 'SECRET';
  const lead = GENERIC.has(last.toLowerCase()) && parts.length > 1 ? [parts.at(-2)!, last] : [last];
  return snake(lead.join('_')) || 'SECRET';
}

// How a part compares a sent token with the right one: exactly, or as a fault of its loosens it
// (the Data API's auth-token-prefix and auth-token-case-blind, the ads part's ads-token-prefix and
// ads-token-case-blind).

export type TokenMatch = (sent: string, right: string) => boolean;

export const exactly: TokenMatch = (sent, right) => sent === right;
/** the right token, or a prefix of it of 8 characters or more */
export const asPrefix: TokenMatch = (sent, right) => sent === right || (sent.length >= 8 && right.startsWith(sent));
/** the token is compared without regard to letter case */
export const caseBlind: TokenMatch = (sent, right) => sent.toLowerCase() === right.toLowerCase();

/** the comparison a part's two faults choose: `prefix` on, asPrefix; else `caseBlind` on, caseBlind; else exactly */
export function tokenMatch(prefix: boolean, blind: boolean): TokenMatch {
  return prefix ? asPrefix : blind ? caseBlind : exactly;
}

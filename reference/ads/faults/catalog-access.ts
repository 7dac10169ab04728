// Faults of the catalog suite's access rules (suites/ads/catalog/access.ts): Document 2's
// authenticated access, which the catalog document uses, broken on the catalog document's endpoints
// only (routes.ts; the ads suite's own endpoints stay correct).
import { catalogFault } from './fault.ts';

export const CATALOG_ACCESS_FAULTS = [
  catalogFault(
    'cat-other-account-served',
    "the catalog endpoints under an account of another user are served (as one of the authenticated user's own accounts)",
    ['CAT-AUTH-001'],
  ),
  catalogFault('cat-unauthenticated-accepted', 'the catalog endpoints serve calls without an Authorization header', ['CAT-AUTH-002']),
  catalogFault('cat-any-token-accepted', "the catalog endpoints take any bearer token for the app's user's credentials", ['CAT-AUTH-002']),
] as const;

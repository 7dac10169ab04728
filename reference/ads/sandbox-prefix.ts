// Where the ads part serves the sandbox address: under this prefix of the same process.
export const SANDBOX_PREFIX = '/sandbox';

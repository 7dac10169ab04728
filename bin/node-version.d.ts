export declare const MIN_NODE: [number, number];
/**
 * The message for a Node too old to run conform, or undefined when `version` ("20.11.1") is new
 * enough. `installed`: conform runs as an installed package (its built code), not from a clone.
 */
export declare function nodeVersionProblem(version: string, installed?: boolean): string | undefined;

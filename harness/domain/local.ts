// A target started in-process on loopback (the embedded reference, the project's alternative
// targets, a toy service in a test). It describes itself the way a user's config file would, so a
// local run goes through the same config loader as any other.

export interface LocalTargetOptions {
  /** outbound host mapping for callbacks, e.g. {"hooks.conformance.test:443": "127.0.0.1:9443"}; empty when no receiver runs */
  resolve: Record<string, string>;
  /** PEM of the callback receiver's certificate, to trust for callbacks (absent when no receiver runs) */
  trustCaPem?: string;
}

export interface RunningLocalTarget {
  /**
   * The config file's `target` section for this target (TARGET-CONTRACT §1), secrets as literal
   * values: `{"name": …, "<domain key>": {…}, "control": {…}}`.
   */
  target: Record<string, unknown>;
  /** config sections that sit at the root beside `target` (e.g. `consumer`, TARGET-CONTRACT §6) */
  sections?: Record<string, unknown>;
  /** values for the config's `limits` section the target wants (e.g. a shorter hold) */
  limits?: Record<string, unknown>;
  /**
   * how to start a target like this one again at the same address, once the run has ended it: the
   * command (secret values inline: printed lines name them by their env vars) and the origin it serves
   */
  restart?: { origin: string; command: string[] };
  close(): Promise<void>;
}

export type LocalTargetFactory = (o: LocalTargetOptions) => Promise<RunningLocalTarget>;

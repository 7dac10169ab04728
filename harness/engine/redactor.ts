// What the engine needs of secret redaction: the caller supplies it (the CLI uses the report
// writers' redaction, which knows the encoded forms); the engine makes one as soon as the config
// is loaded and applies it to everything it hands out while the run goes on (progress lines).

export interface Redactor {
  text(s: string): string;
  /** a deep copy with every string redacted */
  value<T>(v: T): T;
}

export type RedactorFactory = (secrets: string[]) => Redactor;

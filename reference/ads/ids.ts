// Identifiers in the real API's styles: records have short base-36 ids ("8wku2"), accounts
// longer ones ("18ce54d4x5t"), users and posts decimal snowflakes ("756201191646691328").
// Counters never go back, also not after a reset, so an id is never reused.

export class Ids {
  #record = 0;
  #account = 0;
  #snowflake = 1_460_000_000_000_000_000n;

  /** 5 to 7 base-36 characters */
  record(): string {
    this.#record += 1;
    return (60_000_000 + this.#record * 7919).toString(36);
  }

  /** 11 base-36 characters, like 18ce54d4x5t */
  account(): string {
    this.#account += 1;
    return (3_600_000_000_000_000 + this.#account * 104_729).toString(36);
  }

  /** decimal, 19 digits */
  snowflake(): string {
    this.#snowflake += 1_048_577n;
    return this.#snowflake.toString();
  }
}

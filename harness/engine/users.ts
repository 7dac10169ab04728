// Users a run makes through the control API (TARGET-CONTRACT §3b): a rule's users are deleted when
// it ends, whatever its outcome; what is left when the run closes (an interrupt) is deleted then;
// `conform sweep` deletes what a killed run left (sweep.ts). A user's credentials join the run's
// secrets at once, so that no report or terminal line shows them.
import type { ControlClient, ControlUser, UserSpec } from '../target/control.ts';

/** the names a printed command line gives a user's credentials */
export const USER_TOKEN = 'USER_ACCESS_TOKEN';

export class RunUsers {
  /** each live user, with the control client that made it (the app's, or a tenant's) */
  readonly #live = new Map<string, ControlClient>();
  readonly #secrets: string[];
  readonly #secretNames: Record<string, string> | undefined;

  constructor(secrets: string[], secretNames?: Record<string, string>) {
    this.#secrets = secrets;
    this.#secretNames = secretNames;
  }

  async make(control: ControlClient, spec: UserSpec = {}): Promise<ControlUser> {
    const u = await control.createUser(spec);
    const names: [string | undefined, string][] = [
      [u.access_token, USER_TOKEN],
      [u.access_token_secret, 'USER_ACCESS_TOKEN_SECRET'],
      [u.bearer_token, 'USER_BEARER_TOKEN'],
    ];
    for (const [value, name] of names) {
      if (!value) continue;
      this.#secrets.push(value);
      if (this.#secretNames) this.#secretNames[value] = name;
    }
    this.#live.set(u.user_id, control);
    return u;
  }

  async remove(id: string): Promise<void> {
    const control = this.#live.get(id);
    if (!control) return;
    this.#live.delete(id);
    await control.deleteUser(id);
  }

  /** deletes every user still live; the problems met (a tenant's users go with their tenant) */
  async closeAll(): Promise<string[]> {
    const problems: string[] = [];
    for (const [id, control] of [...this.#live]) {
      this.#live.delete(id);
      if (control.tenant !== undefined) continue;
      await control.deleteUser(id).catch((e: Error) => problems.push(`user ${id}: ${e.message}`));
    }
    return problems;
  }
}

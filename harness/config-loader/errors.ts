/** A run that cannot start: bad config, unreachable target. The CLI prints the message as one line and exits 2. */
export class StartError extends Error {
  override name = 'StartError';
}

// A command line as a user would type it: words quoted only where the shell needs it.

export function shellWord(w: string): string {
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(words: string[]): string {
  return words.map(shellWord).join(' ');
}

/**
 * One command as a line a person can paste into a terminal (POSIX-style quoting where needed). Shared so the
 * Settings page can add the switches a person picks (--allow-writes, --space) with the same quoting the main
 * process uses for the command itself.
 */
export const quoteArg = (part: string): string => (/^[\w@%+=:,./\\-]+$/.test(part) ? part : `"${part.replace(/(["\\$`])/g, '\\$1')}"`);

export const joinCommandLine = (parts: readonly string[]): string => parts.map(quoteArg).join(' ');

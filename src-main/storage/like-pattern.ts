/** `text` as a LIKE pattern that matches it literally anywhere; use it with ESCAPE '\\'. */
export const likeAnywhere = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

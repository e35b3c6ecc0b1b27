/** What `fn` would return, found by running it in a write transaction that is then rolled back (a preview). */
export function rolledBack<T>(writeTransaction: (fn: () => never) => unknown, fn: () => T): T {
  let result: { value: T } | undefined;
  const rollback = new Error('preview: rolled back');
  try {
    writeTransaction(() => {
      result = { value: fn() };
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  if (!result) throw new Error('preview: the transaction did not run');
  return result.value;
}

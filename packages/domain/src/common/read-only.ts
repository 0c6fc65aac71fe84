// APIs that take back what they give (issue 33): a PUT or PATCH accepts the read-only fields its
// GET answers with (ids, counts, timestamps, names it works out) and ignores them, so a client
// can send back what it read. Only the keys named here: any other key a schema does not know is
// still refused where it was (a typo is not silently dropped).
import { z } from 'zod';

export const READ_ONLY_NOTE = 'Read-only, as GET gives it: accepted and ignored';

/** `schema`, also taking `keys` (any value), which are dropped before the route sees the body. */
export function acceptingReadOnly<T extends z.ZodObject, const K extends readonly string[]>(
  schema: T,
  keys: K,
) {
  const shape = Object.fromEntries(
    keys.map((key) => [key, z.unknown().optional().describe(READ_ONLY_NOTE)]),
  ) as { [P in K[number]]: z.ZodOptional<z.ZodUnknown> };
  return schema.safeExtend(shape).transform((value) => {
    const kept: Record<string, unknown> = { ...value };
    for (const key of keys) delete kept[key];
    return kept as z.output<T>;
  });
}

// Text a person sends never needs C0 control characters or DEL: PostgreSQL refuses NUL in text
// outright, and the others only hide things in names, addresses and logs. TAB, LF and CR stay
// legal because messages and descriptions span lines. Nor is half of a UTF-16 surrogate pair text
// (JSON can spell one, "\udfff"); the embedded database fails on it and a PostgreSQL server would
// store a replacement character instead. Free of zod so that the server can run it on any request
// part before the schemas do, and the web app can use it in a form.

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters.';
export const MALFORMED_TEXT_MESSAGE = 'Must be valid Unicode text.';

// U+0000–U+0008, U+000B, U+000C, U+000E–U+001F and U+007F.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// With the u flag a proper pair reads as one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** What is wrong with a text, or undefined when nothing is. */
export function textProblem(text: string): string | undefined {
  if (CONTROL_CHARACTER.test(text)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return MALFORMED_TEXT_MESSAGE;
  return undefined;
}

export type ValuePath = (string | number)[];

export interface InvalidText {
  /** Where the text is: keys and indexes from the top, `[]` for the value itself. */
  path: ValuePath;
  message: string;
}

/**
 * Arrays and objects are walked: JSON bodies, and parsed query strings and route parameters (whose
 * objects come from prototypes of their parsers' own). Binary data is not text.
 */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/**
 * The first string in `value` (depth first, in key order) that is not acceptable text, or
 * undefined when there is none. Object keys are not checked: schemas drop or refuse keys they do
 * not know. The walk keeps its own stack so that a deeply nested body cannot overflow the call
 * stack.
 */
export function findInvalidText(value: unknown): InvalidText | undefined {
  // Each entry links to its parent, so a path is only spelt out for the string that is found.
  type Step = { value: unknown; key?: string | number; parent?: Step };
  const stack: Step[] = [{ value }];
  const seen = new WeakSet<object>(); // parsed JSON has no cycles, but other objects may
  while (stack.length > 0) {
    const step = stack.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      const message = textProblem(current);
      if (message) return { path: pathOf(step), message };
    } else if (isContainer(current) && !seen.has(current)) {
      seen.add(current);
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [index, item])
        : Object.entries(current);
      // Pushed last to first so that the first is looked at first.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        stack.push({ value: item, key, parent: step });
      }
    }
  }
  return undefined;
}

function pathOf(step: { key?: string | number; parent?: typeof step }): ValuePath {
  const path: ValuePath = [];
  for (let s: typeof step | undefined = step; s?.parent; s = s.parent) path.push(s.key!);
  return path.reverse();
}

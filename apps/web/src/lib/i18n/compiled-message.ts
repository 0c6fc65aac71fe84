// Lingui's compiled messages, put into words (issue 38). Lingui compiles the catalogues at build
// time (lingui.config.ts, its Vite plugin); this reads what it compiles, in place of its runtime,
// which starts ICU (Intl.PluralRules, Intl.NumberFormat) on every page: 50–190 ms of a phone's
// main thread before the first tap. The shop's messages use placeholders and plurals only, and
// English and Kiswahili pick a plural alike: 'one' for exactly 1, else 'other' (CLDR). The
// catalogues' test reads every message both ways, this and Lingui's own, and finds no difference.
import { groupThousands } from '@duka/domain/common/numbers';

/** A compiled message: text, or a list of text, placeholders and plurals. */
export type CompiledMessage = string | readonly Token[];
type Token = string | readonly [name: string] | readonly [name: string, type: string, cases: Cases];
type Cases = Readonly<Record<string, CompiledMessage | number | undefined>>;
export type CompiledMessages = Readonly<Record<string, CompiledMessage>>;

const ESCAPE = /\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g;
const decode = (text: string) =>
  text.replace(ESCAPE, (_, u?: string, x?: string) => String.fromCharCode(parseInt(u ?? x!, 16)));

/** The case for `value` (exact first), chosen by `count`, the value less the plural's offset. */
function pluralCase(cases: Cases, value: number, count: number): CompiledMessage {
  const exact = cases[`=${value}`] ?? cases[String(value)];
  const chosen = exact ?? (count === 1 ? cases.one : undefined) ?? cases.other;
  if (chosen === undefined || typeof chosen === 'number') {
    throw new Error(`A plural without an 'other' case`);
  }
  return chosen;
}

function words(
  message: CompiledMessage,
  values: Readonly<Record<string, unknown>>,
  count?: number,
): string {
  if (typeof message === 'string') return message;
  let text = '';
  for (const token of message) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? groupThousands(count) : token;
    } else if (token.length === 1) {
      const value = values[token[0]];
      if (value !== null && value !== undefined) text += String(value);
    } else if (token[1] === 'plural') {
      const value = Number(values[token[0]]);
      const offset = typeof token[2].offset === 'number' ? token[2].offset : 0;
      text += words(pluralCase(token[2], value, value - offset), values, value - offset);
    } else {
      throw new Error(`A message uses '${token[1]}', which the shop's messages do not`);
    }
  }
  return text;
}

/** The message in words, its placeholders filled from `values`. */
export function formatMessage(
  message: CompiledMessage,
  values: Readonly<Record<string, unknown>> = {},
): string {
  return decode(words(message, values));
}

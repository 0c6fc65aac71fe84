// Reading what Daraja posts about a B2C payment or a transaction status query:
//   {"Result":{ResultType, ResultCode, ResultDesc, OriginatorConversationID, ConversationID,
//     TransactionID?, ResultParameters?: {ResultParameter: [{Key, Value?}, …] | {Key, Value?}},
//     ReferenceData?: {ReferenceItem: […] | {…}}}}
// Parameters are read by key, never by position. Anything else is malformed, with the reason,
// never thrown: the body is still kept.
import { z } from 'zod';
import { readDarajaJson } from '../daraja/body.ts';

export interface B2cResult {
  /** '0' is a success; Daraja sends a number or a string. */
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  transactionId: string | null;
  /** ResultParameters and ReferenceData, by key. */
  parameters: ReadonlyMap<string, string>;
}

const itemSchema = z.object({
  Key: z.string(),
  Value: z.union([z.string(), z.number()]).optional(),
});
/** One item or a list of them: Daraja sends both. */
const itemsSchema = z.union([z.array(itemSchema), itemSchema]).optional();

const resultSchema = z.object({
  Result: z.object({
    ResultType: z.union([z.string(), z.number()]).optional(),
    ResultCode: z.union([z.string().min(1), z.number().int()]).transform(String),
    ResultDesc: z.string().default(''),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string().optional(),
    TransactionID: z.string().optional(),
    ResultParameters: z
      .union([z.object({ ResultParameter: itemsSchema }), z.array(itemSchema)])
      .optional(),
    ReferenceData: z.object({ ReferenceItem: itemsSchema }).optional(),
  }),
});

const listOf = <T>(items: T | T[] | undefined): T[] =>
  items === undefined ? [] : Array.isArray(items) ? items : [items];

export function parseB2cResult(
  raw: string | undefined,
): { ok: true; result: B2cResult } | { ok: false; reason: string } {
  const read = readDarajaJson(raw);
  if (!read.ok) return read;
  const parsed = resultSchema.safeParse(read.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `${issue.path.join('.') || 'body'}: ${issue.message}` };
  }
  const r = parsed.data.Result;
  const parameters = new Map<string, string>();
  const given = Array.isArray(r.ResultParameters)
    ? r.ResultParameters
    : listOf(r.ResultParameters?.ResultParameter);
  for (const item of [...given, ...listOf(r.ReferenceData?.ReferenceItem)]) {
    if (item.Value !== undefined) parameters.set(item.Key, String(item.Value));
  }
  return {
    ok: true,
    result: {
      resultCode: r.ResultCode,
      resultDesc: r.ResultDesc,
      originatorConversationId: r.OriginatorConversationID,
      transactionId: r.TransactionID || null,
      parameters,
    },
  };
}

/**
 * The B2C request a status result is about: its parameter 'Originator Conversation ID' (the
 * result's own OriginatorConversationID is the query's), else the Occasion the query carried.
 */
export function askedAbout(result: B2cResult): string | null {
  const p = result.parameters;
  return (
    p.get('Originator Conversation ID') ??
    p.get('OriginatorConversationID') ??
    p.get('Occasion') ??
    p.get('Occassion') ?? // sic: Daraja's spelling in some results
    null
  );
}

export declare const STEP_SECONDS = 30;
/** RFC 4648 base32, no padding: how otpauth:// addresses carry the secret. */
export declare function base32Encode(bytes: Uint8Array): string;
export declare function base32Decode(text: string): Buffer;
/** A new 160-bit secret, base32 (RFC 4226 recommends 160 bits). */
export declare const newSecret: () => string;
export declare const stepAt: (time: number) => number;
/** The code of one 30-second step (RFC 4226 §5.3's dynamic truncation). */
export declare function codeAt(secret: string, step: number): string;
/**
 * The step whose code this is, looking one step either side of now (a phone's clock drifts), or
 * null. The caller refuses a step at or before the last one accepted: a code is good once.
 */
export declare function matchingStep(secret: string, code: string, now?: number): number | null;
export declare function otpauthUrl(secret: string, account: string, issuer?: string): string;

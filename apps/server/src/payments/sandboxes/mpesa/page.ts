// The built-in M-Pesa sandbox's simulated phone: plain HTML forms, no script, one stylesheet, so
// it passes the shop's Content-Security-Policy.
import { formatKsh, maskPhone } from '@duka/domain';

export const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The answers the simulated phone can give, and the ResultCode each sends. */
export const SANDBOX_ANSWERS = {
  pin: 0,
  cancel: 1032,
  'wrong-pin': 2001,
  'low-balance': 1,
  'no-answer': 1037,
} as const;
export type SandboxAnswer = keyof typeof SANDBOX_ANSWERS;

export interface PhonePageData {
  paymentId: string;
  amountCents: number;
  phone: string;
  /** 'waiting' for an answer; otherwise what happened. */
  state: 'waiting' | 'paid' | 'failed' | 'timed-out' | 'closed';
  receipt: string | null;
  message: string | null;
}

export function phonePageHtml(data: PhonePageData): string {
  const action = (answer: SandboxAnswer) =>
    `/mpesa-sandbox/${encodeURIComponent(data.paymentId)}/${answer}`;
  const body =
    data.state === 'waiting'
      ? `<p class="prompt">Do you want to pay <strong>${escape(formatKsh(data.amountCents))}</strong> to DUKA?</p>
  <form method="post" action="${action('pin')}"><button class="pin" type="submit">Enter PIN</button></form>
  <form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel</button></form>
  <details><summary>Other answers</summary>
    <form method="post" action="${action('wrong-pin')}"><button class="other" type="submit">Wrong PIN</button></form>
    <form method="post" action="${action('low-balance')}"><button class="other" type="submit">Balance too low</button></form>
    <form method="post" action="${action('no-answer')}"><button class="other" type="submit">Phone unreachable</button></form>
  </details>`
      : `<p class="result ${data.state}" role="status">${escape(resultText(data))}</p>
  <p class="muted">You can close this page and go back to the shop.</p>`;
  return sandboxScreen(
    'M-Pesa sandbox phone',
    `<p class="muted">${escape(maskPhone(data.phone))}</p>
  ${body}`,
  );
}

/** A sandbox screen (the phone, the M-Pesa menu): the phone's frame around `body` (HTML). */
export function sandboxScreen(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} | Duka</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/mpesa-sandbox/assets/phone.css">
</head>
<body>
<main class="phone">
  <p class="badge">M-Pesa sandbox: no real money moves</p>
  <h1>M-PESA</h1>
  ${body}
</main>
</body>
</html>`;
}

function resultText(data: PhonePageData): string {
  switch (data.state) {
    case 'paid':
      return `Paid ${formatKsh(data.amountCents)} to DUKA. Receipt ${data.receipt ?? 'to be confirmed'}.`;
    case 'timed-out':
      return 'This request timed out.';
    default:
      return data.message ?? 'This request is closed.';
  }
}

export const PHONE_CSS = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#e2e8f0;font-family:system-ui,Segoe UI,Roboto,Arial,sans-serif;color:#0f172a}
.phone{background:#fff;border:10px solid #0f172a;border-radius:36px;padding:28px 22px;width:min(340px,calc(100% - 40px));box-shadow:0 20px 40px rgba(15,23,42,.25)}
h1{margin:.3em 0 .1em;font-size:1.6rem;color:#15803d;letter-spacing:.05em}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 12px;font-size:.75rem}
.muted{color:#64748b}.prompt{font-size:1.1rem;line-height:1.5}
form{margin-top:10px}
button{width:100%;padding:12px;border-radius:12px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid transparent}
.pin{background:#15803d;color:#fff}.pin:hover{background:#166534}
.cancel{background:#fff;color:#334155;border-color:#cbd5e1}.cancel:hover{background:#f8fafc}
details{margin-top:16px;color:#475569}summary{cursor:pointer}
.other{background:#f1f5f9;color:#334155;font-weight:500;padding:8px}
.result{font-size:1.1rem;font-weight:600}.result.paid{color:#15803d}.result.failed,.result.timed-out,.result.closed{color:#b91c1c}
`;

// The sandbox provider's payment page: plain HTML forms, no script, styled by one stylesheet, so
// it passes the shop's Content-Security-Policy.
import { formatKsh } from '@duka/domain';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export interface SandboxPageData {
  paymentId: string;
  orderId: number;
  amountCents: number;
  status: string;
  lines: { title: string; quantity: number }[];
}

export function sandboxPageHtml(data: SandboxPageData): string {
  const id = encodeURIComponent(data.paymentId);
  const open = data.status === 'created';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment | Duka</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/sandbox-pay/assets/sandbox.css">
</head>
<body>
<main class="card">
  <p class="badge">Sandbox: no real money moves</p>
  <h1>Pay Duka</h1>
  <p class="amount">${escape(formatKsh(data.amountCents))}</p>
  <p class="muted">Order no. ${data.orderId}</p>
  <ul>${data.lines.map((l) => `<li>${escape(l.title)} × ${l.quantity}</li>`).join('')}</ul>
  ${
    open
      ? `<form method="post" action="/sandbox-pay/${id}/approve"><button class="approve" type="submit">Approve</button></form>
  <form method="post" action="/sandbox-pay/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
      : `<p class="muted">This payment is no longer open (${escape(data.status)}).</p><p><a href="/cart">Back to the shop</a></p>`
  }
</main>
</body>
</html>`;
}

export const SANDBOX_CSS = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f1f5f9;font-family:system-ui,Segoe UI,Roboto,Arial,sans-serif;color:#1e293b}
.card{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);padding:32px;width:min(420px,calc(100% - 32px))}
h1{margin:.2em 0;font-size:1.5rem}.amount{font-size:2rem;font-weight:700;margin:.2em 0;color:#065f46}
.muted{color:#64748b}.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 12px;font-size:.8rem}
ul{padding-left:1.2em;color:#334155}form{margin-top:12px}
button{width:100%;padding:12px;border-radius:10px;font-size:1rem;font-weight:600;cursor:pointer;border:1px solid transparent}
.approve{background:#047857;color:#fff}.approve:hover{background:#065f46}
.cancel{background:#fff;color:#334155;border-color:#cbd5e1}.cancel:hover{background:#f8fafc}
`;

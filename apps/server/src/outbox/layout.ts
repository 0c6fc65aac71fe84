// The shop's look for e-mail: a green header with the name, a white card, a quiet footer. Tables
// and inline styles, because that is what mail programs render; every value is escaped. The
// shop's name and address are placeholders, filled from its settings (shop-details.ts).
import { localePrefix, type Locale } from '@duka/domain/i18n/locale';
import { PUBLIC_URL } from './service.ts';
import { SHOP_FOOTER, SHOP_NAME } from './shop-details.ts';

const BRAND = '#047857';
const BRAND_DARK = '#065f46';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A paragraph of plain text as HTML, line breaks kept. */
export const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

export const button = (label: string, href: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:${BRAND};color:#ffffff;` +
  `padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold;display:inline-block">` +
  `${escapeHtml(label)}</a></p>`;

/** Rows of label and value, the last one bold when `total` is set. */
export function table(rows: [string, string][], options: { total?: boolean } = {}): string {
  const cells = rows
    .map(([label, value], i) => {
      const bold = options.total && i === rows.length - 1 ? 'font-weight:bold;' : '';
      return (
        `<tr><td style="padding:6px 0;color:#475569;${bold}">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;text-align:right;${bold}">${escapeHtml(value)}</td></tr>`
      );
    })
    .join('');
  return `<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`;
}

export const heading = (text: string) =>
  `<h2 style="font-size:16px;margin:24px 0 8px;color:${BRAND_DARK}">${escapeHtml(text)}</h2>`;

/** The whole HTML document around a message's body, in the message's language (issue 37). */
export function emailHtml(title: string, body: string, language: Locale = 'en'): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${BRAND};padding:20px 24px"><a href="${PUBLIC_URL}${localePrefix(language) || '/'}" style="color:#ffffff;font-size:24px;font-weight:bold;text-decoration:none">${SHOP_NAME}</a></td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;color:#64748b;font-size:12px">${SHOP_FOOTER}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The text version's closing lines: the shop's name and address, from its settings. */
export const textFooter = `\n--\n${SHOP_NAME}\n${SHOP_FOOTER}\n`;

// Shopify's Body (HTML) as the plain text a Duka description is: the shop shows descriptions as
// text (React escapes them), so markup is reduced to its words and line breaks, never kept.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      // Control characters and what is not a character at all are dropped.
      return code >= 32 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of an HTML fragment: scripts and styles dropped, blocks as line breaks. */
export function safeTextFromHtml(html: string): string {
  const text = html
    // Line breaks in the source are spaces in HTML: only the markup makes lines.
    .replace(/\s+/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|ul|ol|table|section|article|blockquote)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/<[^>]*$/, '');
  return (
    decodeEntities(text)
      // Control characters (a text that was never meant to be read) go, tabs and line breaks stay.
      .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
      .split('\n')
      .map((line) => line.replace(/[ \t\r]+/g, ' ').trim())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

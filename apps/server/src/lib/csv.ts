// CSV for spreadsheets: the product export and the audit log's.

/**
 * One cell: quoted when it holds a comma, quote or line break; and, when it starts like a
 * formula (=, +, -, @, tab, CR), led by a quote mark so a spreadsheet shows it instead of running
 * it (OWASP's CSV injection advice).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

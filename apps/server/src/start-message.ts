// The few lines every start prints once the shop answers: where to open it, how to reach the back
// office and with which account, where its first password is, and how to get back in without it.
// Plain text (colour only on a terminal), so it reads the same piped into a file.

export interface StartFacts {
  /** PUBLIC_URL as configured; unset, the address is worked out from HOST and the port. */
  publicUrl?: string | undefined;
  host: string;
  /** The port listened on (the real one when PORT=0). */
  port: number;
  /** The owner's e-mail, the log-in the back office asks for. */
  adminEmail: string;
  /** The owner's account was made by this start. */
  firstStart: boolean;
  /** The password made for it on this start, shown this once. */
  generatedPassword?: string | undefined;
  /** ADMIN_PASSWORD is set. */
  passwordFromEnv: boolean;
  /** Bold and colour (a terminal). */
  color?: boolean;
}

const WILDCARD_OR_LOOPBACK = /^(0\.0\.0\.0|::|\[::\]|127(\.\d+){3}|::1|\[::1\]|localhost)$/;

/**
 * The address a person opens: PUBLIC_URL, or localhost when the shop listens on every address
 * or on loopback (never 0.0.0.0 or a LAN address picked from the machine's interfaces), or the
 * one address it listens on.
 */
export function addressToOpen(facts: Pick<StartFacts, 'publicUrl' | 'host' | 'port'>): string {
  if (facts.publicUrl) return facts.publicUrl.replace(/\/+$/, '');
  const host = WILDCARD_OR_LOOPBACK.test(facts.host)
    ? 'localhost'
    : facts.host.includes(':') && !facts.host.startsWith('[')
      ? `[${facts.host}]`
      : facts.host;
  return `http://${host}:${facts.port}`;
}

/** The reset command, as typed in the project's folder. */
export const resetCommand = (email: string) => `npm run admin -- reset-password ${email}`;

function passwordLines(facts: StartFacts): string[] {
  if (facts.firstStart && facts.generatedPassword) {
    return [facts.generatedPassword, 'shown this once: keep it somewhere safe'];
  }
  if (facts.firstStart) return ['the one in ADMIN_PASSWORD'];
  return facts.passwordFromEnv
    ? ['set by ADMIN_PASSWORD on the first start, unless changed since']
    : ['shown on the first start only'];
}

export function startMessage(facts: StartFacts): string {
  const paint = (code: string) => (text: string) =>
    facts.color ? `\x1b[${code}m${text}\x1b[0m` : text;
  const bold = paint('1');
  const green = paint('1;32');
  const url = addressToOpen(facts);
  const [password, ...more] = passwordLines(facts);
  const row = (label: string, value: string) => `  ${label.padEnd(13)}${value}`;
  return [
    '',
    `  ${green('Duka is ready:')} ${bold(url)}`,
    '',
    row('Back office', `${url}/login`),
    row('Log in as', facts.adminEmail),
    row('Password', facts.generatedPassword ? bold(password!) : password!),
    ...more.map((line) => row('', line)),
    row('Lost it?', resetCommand(facts.adminEmail)),
    '',
    '',
  ].join('\n');
}

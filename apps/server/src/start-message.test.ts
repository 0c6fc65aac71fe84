// What a start prints: the address to open (never 0.0.0.0 or a LAN address picked by the machine),
// the back office's log-in with the owner's e-mail, the first password once, and the way back in.
import { describe, expect, it } from 'vitest';
import { addressToOpen, startMessage, type StartFacts } from './start-message.ts';

const facts: StartFacts = {
  host: '0.0.0.0',
  port: 3000,
  adminEmail: 'admin@duka.co.ke',
  firstStart: false,
  passwordFromEnv: false,
};

describe('the start message', () => {
  it('on the first start, shows the generated password once, and how to reset it', () => {
    const text = startMessage({ ...facts, firstStart: true, generatedPassword: 'Xy7-abc#7a' });
    expect(text).toContain('Duka is ready: http://localhost:3000\n');
    expect(text).toContain('Back office  http://localhost:3000/login\n');
    expect(text).toContain('Log in as    admin@duka.co.ke\n');
    expect(text).toContain('Password     Xy7-abc#7a\n');
    expect(text).toContain('shown this once: keep it somewhere safe');
    expect(text).toContain('Lost it?     npm run admin -- reset-password admin@duka.co.ke\n');
    expect(text).not.toContain('0.0.0.0');
    // Plain text unless it goes to a terminal.
    expect(text).not.toContain('\x1b[');
    expect(text.trim().split('\n').length).toBeLessThanOrEqual(8);
  });

  it('on later starts, says where the password was shown and keeps the way back in', () => {
    const text = startMessage(facts);
    expect(text).toContain('Password     shown on the first start only\n');
    expect(text).toContain('npm run admin -- reset-password admin@duka.co.ke');
    expect(text).not.toMatch(/#7a|somewhere safe/);
  });

  it('names ADMIN_PASSWORD when the password came from it', () => {
    expect(startMessage({ ...facts, firstStart: true, passwordFromEnv: true })).toContain(
      'Password     the one in ADMIN_PASSWORD\n',
    );
    expect(startMessage({ ...facts, passwordFromEnv: true })).toContain(
      'Password     set by ADMIN_PASSWORD on the first start, unless changed since\n',
    );
  });

  it('gives PUBLIC_URL as the address to open when it is set', () => {
    const text = startMessage({ ...facts, publicUrl: 'https://shop.example.co.ke/' });
    expect(text).toContain('Duka is ready: https://shop.example.co.ke\n');
    expect(text).toContain('Back office  https://shop.example.co.ke/login\n');
  });

  it('shows the address in bold on a terminal', () => {
    expect(startMessage({ ...facts, color: true })).toContain(
      '\x1b[1mhttp://localhost:3000\x1b[0m',
    );
  });
});

describe('the address to open', () => {
  it('is localhost when the shop listens on every address or on loopback', () => {
    for (const host of ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']) {
      expect(addressToOpen({ host, port: 4200 })).toBe('http://localhost:4200');
    }
  });

  it('is the one address the shop listens on otherwise', () => {
    expect(addressToOpen({ host: '192.168.1.20', port: 3000 })).toBe('http://192.168.1.20:3000');
    expect(addressToOpen({ host: 'fd00::5', port: 3000 })).toBe('http://[fd00::5]:3000');
  });
});

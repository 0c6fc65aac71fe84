// The configuration the shop refuses to start with in production, and what it lets pass elsewhere.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const GOOD_SECRET = 'n7Qv2LxR9sKp4WmZ8tYc3HbJ6fGd1AeU5';

describe('production configuration', () => {
  const production = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', JWT_SECRET: GOOD_SECRET, ...env });

  it('refuses an administrator password that fails the sign-up rule', () => {
    expect(() => production({ ADMIN_PASSWORD: 'a' })).toThrow(ConfigError);
    expect(() => production({ ADMIN_PASSWORD: 'a' })).toThrow(/ADMIN_PASSWORD: Password must/);
    expect(production({ ADMIN_PASSWORD: 'Owner#2026pass' }).ADMIN_PASSWORD).toBe('Owner#2026pass');
  });

  it('refuses a JWT secret that is short or not random', () => {
    expect(() => production({ JWT_SECRET: 'a'.repeat(32) })).toThrow(/at least 16 different/);
    expect(() => production({ JWT_SECRET: 'abcdefghijklmnopqrstuvwxyz' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/is required in production/);
    expect(production({}).JWT_SECRET).toBe(GOOD_SECRET);
  });

  it('is not as strict outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development', ADMIN_PASSWORD: 'a' }).ADMIN_PASSWORD).toBe('a');
  });
});

// Changing the shop's settings: checked (the schema has done the shapes; here, that each slide's
// uploaded image is still in the shop), saved and audited in one transaction, with only the
// fields that changed in the audit row.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { SETTINGS_MESSAGES, type ShopSettings } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { badRequest } from '../lib/http-error.ts';
import type { AuditTrail } from '../audit/trail.ts';
import { lockShopSettings, withDefaults, writeShopSettings } from './repo.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** 400 naming each slide whose uploaded image is not on disk (deleted, or never uploaded here). */
async function refuseMissingImages(settings: ShopSettings, uploadsDir: string): Promise<void> {
  const fields: Record<string, string> = {};
  await Promise.all(
    settings.slides.map(async (slide, i) => {
      if (!slide.image.startsWith('/uploads/')) return;
      const file = path.join(uploadsDir, path.basename(slide.image));
      if (!(await exists(file))) fields[`slides.${i}.image`] = SETTINGS_MESSAGES.slideImageMissing;
    }),
  );
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

export async function updateShopSettings(
  db: Db,
  settings: ShopSettings,
  deps: { uploadsDir: string; audit: AuditTrail },
): Promise<ShopSettings> {
  await refuseMissingImages(settings, deps.uploadsDir);
  return db.transaction(async (tx) => {
    const before = withDefaults((await lockShopSettings(tx)) ?? {});
    await writeShopSettings(tx, settings);
    await deps.audit.record(tx, {
      action: 'settings.update',
      entity: 'settings',
      entityId: 'shop',
      before: { ...before },
      after: { ...settings },
    });
    return settings;
  });
}

// Route code is split per page and loaded when first needed. A load that fails, or takes longer
// than SPEC §9's 120 seconds, becomes 'Loading chunk failed', which the route error screen offers
// to fix with a reload.
import type { ComponentType } from 'react';
import { loadPageCatalogues } from '../lib/i18n/catalogue.ts';

export const CHUNK_TIMEOUT_MS = 120_000;
export const CHUNK_FAILED = 'Loading chunk failed';

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(CHUNK_FAILED, { cause });
    this.name = 'ChunkLoadError';
  }
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError()), CHUNK_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      // Its words too, on a Kiswahili page, before it renders.
      await Promise.race([loadPageCatalogues(), timeout]);
      return { Component: module.default };
    } catch (err) {
      throw err instanceof ChunkLoadError ? err : new ChunkLoadError(err);
    } finally {
      clearTimeout(timer);
    }
  };
}

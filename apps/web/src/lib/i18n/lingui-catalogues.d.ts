// A catalogue imported with `?lingui` arrives compiled by Lingui's Vite plugin (lingui.config.ts).
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

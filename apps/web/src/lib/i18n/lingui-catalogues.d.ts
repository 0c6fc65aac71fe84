// A catalogue imported with `?lingui` arrives compiled by Lingui's Vite plugin (lingui.config.ts).
declare module '*?lingui' {
  import type { CompiledMessages } from './compiled-message.ts';
  export const messages: CompiledMessages;
}

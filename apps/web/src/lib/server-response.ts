// What a server-rendered page tells the server about itself while it renders: its HTTP status (a
// page showing 'not found' is answered 404, for search engines and link previews), its title and
// the image to fetch first. In the browser there is no sink and these do nothing.
import { createContext, useContext } from 'react';

export class ServerResponseSink {
  status = 200;
  title: string | null = null;
  private images = new Map<string, ImagePreload>();

  /** Before each render pass: what the route alone says. */
  reset(status: number) {
    this.status = status;
    this.title = null;
    this.images.clear();
  }

  preloadImage(image: ImagePreload) {
    this.images.set(image.src, image);
  }

  /**
   * <link rel="preload"> for the page's priority images, one after another: the server puts
   * those that lead a page's HTML at the top of its <head> (plugins/server-rendering.ts), so the
   * browser starts the largest picture of the first screen (its LCP) before it reads the body.
   */
  preloadTags(): string {
    return [...this.images.values()]
      .map(({ src, srcSet, sizes }) =>
        srcSet
          ? `<link rel="preload" as="image" imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high" />`
          : `<link rel="preload" as="image" href="${escapeAttribute(src)}" fetchpriority="high" />`,
      )
      .join('');
  }

  setStatus(status: number) {
    this.status = status;
  }

  setTitle(title: string) {
    this.title = title;
  }
}

export interface ImagePreload {
  src: string;
  srcSet: string | undefined;
  sizes: string;
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const ServerResponseContext = createContext<ServerResponseSink | null>(null);

/** Called while rendering: the server's answer for this page gets `status`. */
export function useHttpStatus(status: number): void {
  useContext(ServerResponseContext)?.setStatus(status);
}

/** Called while rendering: the server's <title> for this page. */
export function useServerTitle(title: string): void {
  useContext(ServerResponseContext)?.setTitle(title);
}

/** Called while rendering a priority image: the server's <head> preloads it. */
export function usePreloadedImage(image: ImagePreload | null): void {
  const sink = useContext(ServerResponseContext);
  if (image) sink?.preloadImage(image);
}

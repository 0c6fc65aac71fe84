// What a server-rendered page tells the server about itself while it renders: its HTTP status (a
// page showing 'not found' is answered 404, for search engines and link previews) and its title.
// In the browser there is no sink and these do nothing.
import { createContext, useContext } from 'react';

export class ServerResponseSink {
  status = 200;
  title: string | null = null;

  /** Before each render pass: what the route alone says. */
  reset(status: number) {
    this.status = status;
    this.title = null;
  }

  setStatus(status: number) {
    this.status = status;
  }

  setTitle(title: string) {
    this.title = title;
  }
}

export const ServerResponseContext = createContext<ServerResponseSink | null>(null);

/** Called while rendering: the server's answer for this page gets `status`. */
export function useHttpStatus(status: number): void {
  useContext(ServerResponseContext)?.setStatus(status);
}

/** Called while rendering: the server's <title> for this page. */
export function useServerTitle(title: string): void {
  useContext(ServerResponseContext)?.setTitle(title);
}

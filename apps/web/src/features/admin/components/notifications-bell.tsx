/** The notifications bell; its unread messages and reply panel arrive with the back office. */
export function NotificationsBell() {
  return null;
}

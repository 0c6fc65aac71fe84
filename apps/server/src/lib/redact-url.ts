// Request URLs go into the logs; a password-reset link's token must not (it opens the account).
const SECRET_PARAMS = /([?&](?:token|reset_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[hidden]');
}

// The password-reset e-mail in each of the shop's languages (issue 37), written in the account's
// language. The English is word for word what it was.
import type { InEach } from '../outbox/language.ts';

export const RESET_TEXTS: InEach<{
  subject: string;
  asked: string;
  askedHtml: string;
  button: string;
  works: (until: string) => string;
}> = {
  en: {
    subject: 'Reset your Duka password',
    asked:
      'Someone, hopefully you, asked to reset the password of your Duka account. Open this link to choose a new one:',
    askedHtml:
      'Someone, hopefully you, asked to reset the password of your Duka account. Choose a new one here:',
    button: 'Reset Password',
    works: (until) =>
      `The link works once, until ${until}. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  },
  sw: {
    subject: 'Badilisha nenosiri lako la Duka',
    asked:
      'Mtu fulani, tunatumaini ni wewe, ameomba kubadilisha nenosiri la akaunti yako ya Duka. Fungua kiungo hiki uchague jipya:',
    askedHtml:
      'Mtu fulani, tunatumaini ni wewe, ameomba kubadilisha nenosiri la akaunti yako ya Duka. Chagua jipya hapa:',
    button: 'Badilisha nenosiri',
    works: (until) =>
      `Kiungo hiki kinatumika mara moja tu, hadi ${until}. Kama hukuomba, puuza barua pepe hii: nenosiri lako halitabadilika.`,
  },
};

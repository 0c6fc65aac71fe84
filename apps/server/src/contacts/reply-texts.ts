// The frame of a reply to a customer's message, in each of the shop's languages (issue 37): the
// admin's own words go in as written. The English is word for word what it was.
import type { InEach } from '../outbox/language.ts';

export const REPLY_TEXTS: InEach<{
  subject: string;
  dear: (name: string) => string;
  signature: string;
}> = {
  en: {
    subject: 'Re: your message to Duka',
    dear: (name) => `Dear ${name},`,
    signature: 'Duka customer care',
  },
  sw: {
    subject: 'Jibu: ujumbe wako kwa Duka',
    dear: (name) => `Habari ${name},`,
    signature: 'Huduma kwa wateja, Duka',
  },
};

// The words of the e-mails about a return, in each of the shop's languages (issue 37). The
// English is word for word what it was.
import type { InEach } from '../../outbox/language.ts';

type Words = { subject: string; lines: string[] };

/** What a return step's e-mail needs, already in the message's language. */
export interface ReturnFacts {
  n: string;
  /** '1 × Kettle, 2 × Mug'. */
  what: string;
  refund: boolean;
  note: string | null;
  /** The money going back, when any ('Ksh 1,200'). */
  refunding: string | null;
  replacement: { id: number; extra: string | null } | null;
}

export const RETURN_TEXTS: InEach<{
  item: string;
  requested: (f: ReturnFacts) => Words;
  approved: (f: ReturnFacts) => Words;
  refused: (f: ReturnFacts) => Words;
  received: (f: ReturnFacts) => Words;
}> = {
  en: {
    item: 'item',
    requested: (f) => ({
      subject: `We received your return request for order ${f.n}`,
      lines: [
        `You asked to return ${f.what} from order ${f.n} for ${f.refund ? 'a refund' : 'an exchange'}.`,
        'We will tell you by e-mail when we have looked at it.',
      ],
    }),
    approved: (f) => ({
      subject: `Your return for order ${f.n} is approved`,
      lines: [
        `We approved the return of ${f.what} from order ${f.n}. Please send or bring the items back in their original condition, with the order number.`,
        f.note ? `Our note: ${f.note}` : '',
        f.refund
          ? 'We refund them once they reach us.'
          : 'We send the replacement once they reach us.',
      ],
    }),
    refused: (f) => ({
      subject: `Your return for order ${f.n} was not accepted`,
      lines: [`We could not accept the return of ${f.what} from order ${f.n}.`, `Why: ${f.note}`],
    }),
    received: (f) => ({
      subject: `We received your return for order ${f.n}`,
      lines: [
        `The returned ${f.what} from order ${f.n} reached us.`,
        f.note ? `Our note: ${f.note}` : '',
        f.refunding
          ? `We are refunding ${f.refunding} the way you paid; we will e-mail you when it has gone through.`
          : '',
        f.replacement
          ? f.replacement.extra
            ? `Your replacement is order #${f.replacement.id}. It costs ${f.replacement.extra} more than what you returned: pay it from the order's page and we send it.`
            : `Your replacement is order #${f.replacement.id}, at no charge. We will tell you when it is on its way.`
          : '',
      ],
    }),
  },
  sw: {
    item: 'bidhaa',
    requested: (f) => ({
      subject: `Tumepokea ombi lako la kurudisha bidhaa za oda ${f.n}`,
      lines: [
        `Uliomba kurudisha ${f.what} kutoka oda ${f.n} ili ${f.refund ? 'urudishiwe pesa' : 'ubadilishiwe bidhaa'}.`,
        'Tutakujulisha kwa barua pepe tukishaliangalia.',
      ],
    }),
    approved: (f) => ({
      subject: `Marejesho ya oda ${f.n} yamekubaliwa`,
      lines: [
        `Tumekubali urudishe ${f.what} kutoka oda ${f.n}. Tafadhali tuma au ulete bidhaa hizo zikiwa katika hali yake ya awali, pamoja na nambari ya oda.`,
        f.note ? `Maelezo yetu: ${f.note}` : '',
        f.refund
          ? 'Tutakurudishia pesa bidhaa zikishatufikia.'
          : 'Tutakutumia bidhaa mbadala zikishatufikia.',
      ],
    }),
    refused: (f) => ({
      subject: `Marejesho ya oda ${f.n} hayakukubaliwa`,
      lines: [`Hatukuweza kukubali urudishe ${f.what} kutoka oda ${f.n}.`, `Sababu: ${f.note}`],
    }),
    received: (f) => ({
      subject: `Tumepokea marejesho ya oda ${f.n}`,
      lines: [
        `Bidhaa ulizorudisha (${f.what}) kutoka oda ${f.n} zimetufikia.`,
        f.note ? `Maelezo yetu: ${f.note}` : '',
        f.refunding
          ? `Tunakurudishia ${f.refunding} kwa njia uliyolipia; tutakutumia barua pepe pesa zikishatumwa.`
          : '',
        f.replacement
          ? f.replacement.extra
            ? `Bidhaa mbadala ni oda #${f.replacement.id}. Inagharimu ${f.replacement.extra} zaidi ya ulichorudisha: ilipie kwenye ukurasa wa oda hiyo nasi tutaituma.`
            : `Bidhaa mbadala ni oda #${f.replacement.id}, bila malipo. Tutakujulisha ikiwa njiani.`
          : '',
      ],
    }),
  },
};

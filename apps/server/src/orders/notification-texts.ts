// The words of every message a shopper gets about an order, in each of the shop's languages
// (issue 37): the confirmation and its SMS, the status notices and their SMS, how to follow a
// parcel, a parcel that came back, and a refund. The English is word for word what it was.
import type { InEach } from '../outbox/language.ts';

/** The order confirmation (e-mail) and the SMS that says the payment arrived. */
export const CONFIRMATION: InEach<{
  subject: (id: number) => string;
  intro: (id: number, paidAt: string) => string;
  orderHeading: (id: number) => string;
  line: (quantity: number, title: string, each: string) => string;
  items: (count: number) => string;
  shipping: string;
  vat: string;
  total: string;
  reference: (method: string, reference: string) => string;
  payment: string;
  deliveryAddress: string;
  expectedDelivery: string;
  delivery: string;
  expected: (window: string) => string;
  receipt: string;
  receiptButton: string;
  between: (from: string, to: string) => string;
  sms: (total: string, id: number, window: string) => string;
}> = {
  en: {
    subject: (id) => `Your Duka order #${id} is confirmed`,
    intro: (id, paidAt) =>
      `Thank you for shopping with Duka. We have received your payment for order #${id} on ${paidAt}.`,
    orderHeading: (id) => `Order #${id}`,
    line: (quantity, title, each) => `${quantity} × ${title} (${each} each)`,
    items: (count) => `Items (${count})`,
    shipping: 'Shipping & Handling',
    vat: 'VAT (16%)',
    total: 'Total',
    reference: (method, reference) => `${method}, reference ${reference}`,
    payment: 'Payment',
    deliveryAddress: 'Delivery address',
    expectedDelivery: 'Expected delivery',
    delivery: 'Delivery',
    expected: (window) => `Expected ${window}`,
    receipt: 'Your tax invoice (receipt)',
    receiptButton: 'Your tax invoice',
    between: (from, to) => `between ${from} and ${to}`,
    sms: (total, id, window) =>
      `Duka: payment of ${total} received for order #${id}. Expected delivery ${window}. Asante!`,
  },
  sw: {
    subject: (id) => `Oda yako ya Duka #${id} imethibitishwa`,
    intro: (id, paidAt) =>
      `Asante kwa kununua Duka. Tumepokea malipo yako ya oda #${id} tarehe ${paidAt}.`,
    orderHeading: (id) => `Oda #${id}`,
    line: (quantity, title, each) => `${quantity} × ${title} (${each} kila moja)`,
    items: (count) => `Bidhaa (${count})`,
    shipping: 'Usafirishaji',
    vat: 'VAT (16%)',
    total: 'Jumla',
    reference: (method, reference) => `${method}, kumbukumbu ${reference}`,
    payment: 'Malipo',
    deliveryAddress: 'Anwani ya kupeleka',
    expectedDelivery: 'Inatarajiwa kufika',
    delivery: 'Usafirishaji',
    expected: (window) => `Inatarajiwa kufika ${window}`,
    receipt: 'Ankara yako ya kodi (risiti)',
    receiptButton: 'Ankara yako ya kodi',
    between: (from, to) => `kati ya ${from} na ${to}`,
    sms: (total, id, window) =>
      `Duka: tumepokea malipo yako ya ${total} ya oda #${id}. Inatarajiwa kufika ${window}. Asante!`,
  },
};

/** What a status notice needs to know of its order, already in the message's language. */
export interface NoticeFacts {
  n: string;
  name: string;
  /** Where it goes: the pickup point, or the address. */
  destination: string;
  at: string;
  /** 'Courier: G4S. Tracking number: KE1.' or ''. */
  shipment: string;
  /** The delivery window, when the order is paid. */
  window: string | null;
  point: { name: string; address: string; openingHours: string } | null;
  total: string;
  paid: boolean;
  returnWindowDays: number;
  paymentMethod: string;
}

type NoticeWords = { subject: string; lines: string[] };

/** The e-mail an admin's status change sends, and the SMS of 'shipped' and 'ready for pickup'. */
export const NOTICES: InEach<{
  shipped: (f: NoticeFacts) => NoticeWords;
  ready_for_pickup: (f: NoticeFacts) => NoticeWords;
  delivered: (f: NoticeFacts) => NoticeWords;
  cancelled: (f: NoticeFacts) => NoticeWords;
  refunded: (f: NoticeFacts) => NoticeWords;
  courier: (courier: string) => string;
  tracking: (number: string) => string;
  smsShipped: (id: number, city: string, tracking: string | null, window: string | null) => string;
  smsReady: (id: number, point: NoticeFacts['point']) => string;
}> = {
  en: {
    shipped: (f) => ({
      subject: `Your Duka order ${f.n} is on its way`,
      lines: [
        `Good news: order ${f.n} left our warehouse on ${f.at} and is on its way to ${f.name}, ${f.destination}.`,
        f.shipment,
        f.window ? `Expected delivery: ${f.window}.` : '',
      ],
    }),
    ready_for_pickup: (f) => ({
      subject: `Your Duka order ${f.n} is ready for pickup`,
      lines: [
        `Order ${f.n} is waiting for you at ${f.point?.name ?? 'your pickup point'}, ${f.point?.address ?? ''}.`,
        f.point ? `Opening hours: ${f.point.openingHours}.` : '',
        f.paid
          ? 'Bring your order number and the phone number on the order.'
          : `Bring your order number and ${f.total} to pay, in cash or by M-Pesa.`,
      ],
    }),
    delivered: (f) => ({
      subject: `Your Duka order ${f.n} was delivered`,
      lines: [
        `Order ${f.n} was delivered on ${f.at}. We hope you enjoy it.`,
        // The shop's window (its settings); a product may name its own, as its page says.
        f.returnWindowDays > 0
          ? `Something not right? You can ask to return it from your order's page within ${f.returnWindowDays} days of delivery, in its original condition, unless its product page says otherwise.`
          : '',
      ],
    }),
    cancelled: (f) => ({
      subject: `Your Duka order ${f.n} was cancelled`,
      lines: [`Order ${f.n} (${f.total}) was cancelled on ${f.at}. No payment was taken for it.`],
    }),
    refunded: (f) => ({
      subject: `Your Duka order ${f.n} was refunded`,
      lines: [
        `We refunded ${f.total} for order ${f.n} on ${f.at}, to the way you paid (${f.paymentMethod}).`,
        'Refunds reach you within 7-10 business days.',
      ],
    }),
    courier: (courier) => `Courier: ${courier}.`,
    tracking: (number) => `Tracking number: ${number}.`,
    smsShipped: (id, city, tracking, window) =>
      `Duka: order #${id} is on its way to ${city}.${tracking ? ` Tracking: ${tracking}.` : ''}${window ? ` Expected ${window}.` : ''}`,
    smsReady: (id, point) =>
      `Duka: order #${id} is ready for pickup at ${point?.name ?? 'your pickup point'}, ${point?.address ?? ''} (${point?.openingHours ?? ''}).`,
  },
  sw: {
    shipped: (f) => ({
      subject: `Oda yako ya Duka ${f.n} imetumwa`,
      lines: [
        `Habari njema: oda ${f.n} iliondoka ghala letu tarehe ${f.at} na iko njiani kwenda kwa ${f.name}, ${f.destination}.`,
        f.shipment,
        f.window ? `Inatarajiwa kufika ${f.window}.` : '',
      ],
    }),
    ready_for_pickup: (f) => ({
      subject: `Oda yako ya Duka ${f.n} iko tayari kuchukuliwa`,
      lines: [
        `Oda ${f.n} inakusubiri katika ${f.point?.name ?? 'kituo chako cha kuchukulia'}, ${f.point?.address ?? ''}.`,
        f.point ? `Saa za kufungua: ${f.point.openingHours}.` : '',
        f.paid
          ? 'Njoo na nambari ya oda yako na nambari ya simu iliyo kwenye oda.'
          : `Njoo na nambari ya oda yako na ${f.total} za kulipa, pesa taslimu au kwa M-Pesa.`,
      ],
    }),
    delivered: (f) => ({
      subject: `Oda yako ya Duka ${f.n} imefika`,
      lines: [
        `Oda ${f.n} ilifikishwa tarehe ${f.at}. Tunatumaini utaifurahia.`,
        f.returnWindowDays > 0
          ? `Kuna tatizo? Unaweza kuomba kuirudisha kwenye ukurasa wa oda yako ndani ya siku ${f.returnWindowDays} tangu ilipofika, ikiwa katika hali yake ya awali, isipokuwa ukurasa wa bidhaa useme vinginevyo.`
          : '',
      ],
    }),
    cancelled: (f) => ({
      subject: `Oda yako ya Duka ${f.n} imeghairiwa`,
      lines: [
        `Oda ${f.n} (${f.total}) ilighairiwa tarehe ${f.at}. Hakuna malipo yaliyochukuliwa kwa oda hii.`,
      ],
    }),
    refunded: (f) => ({
      subject: `Rejesho la pesa la oda yako ya Duka ${f.n}`,
      lines: [
        `Tumekurudishia ${f.total} za oda ${f.n} tarehe ${f.at}, kwa njia uliyolipia (${f.paymentMethod}).`,
        'Pesa hufika ndani ya siku 7-10 za kazi.',
      ],
    }),
    courier: (courier) => `Msafirishaji: ${courier}.`,
    tracking: (number) => `Nambari ya kufuatilia: ${number}.`,
    smsShipped: (id, city, tracking, window) =>
      `Duka: oda #${id} imetumwa, iko njiani kwenda ${city}.${tracking ? ` Nambari ya kufuatilia: ${tracking}.` : ''}${window ? ` Inatarajiwa kufika ${window}.` : ''}`,
    smsReady: (id, point) =>
      `Duka: oda #${id} iko tayari kuchukuliwa katika ${point?.name ?? 'kituo chako cha kuchukulia'}, ${point?.address ?? ''} (${point?.openingHours ?? ''}).`,
  },
};

/** The e-mail with a parcel's courier and tracking number as they now are. */
export const FOLLOW_PARCEL: InEach<{
  subject: (n: string) => string;
  intro: (n: string, name: string, destination: string) => string;
}> = {
  en: {
    subject: (n) => `Your Duka order ${n}: how to follow it`,
    intro: (n, name, destination) =>
      `Order ${n} is on its way to ${name}, ${destination}. Here is how to follow it:`,
  },
  sw: {
    subject: (n) => `Oda yako ya Duka ${n}: jinsi ya kuifuatilia`,
    intro: (n, name, destination) =>
      `Oda ${n} iko njiani kwenda kwa ${name}, ${destination}. Hivi ndivyo unavyoweza kuifuatilia:`,
  },
};

/** A parcel that could not be delivered and came back. */
export const CAME_BACK: InEach<{
  subject: (id: number) => string;
  lines: (id: number, refunded: string | null) => string[];
}> = {
  en: {
    subject: (id) => `Your Duka order #${id} came back to us`,
    lines: (id, refunded) => [
      `Order #${id} could not be delivered and came back to us, so we have cancelled it.`,
      refunded
        ? `We are refunding ${refunded} the way you paid; we will e-mail you when it has gone through.`
        : 'No payment was taken for it, so there is nothing to pay.',
      'If this is a mistake, reply to this e-mail or order again from the shop.',
    ],
  },
  sw: {
    subject: (id) => `Oda yako ya Duka #${id} imerudi kwetu`,
    lines: (id, refunded) => [
      `Oda #${id} haikuweza kufikishwa na imerudi kwetu, kwa hivyo tumeighairi.`,
      refunded
        ? `Tunakurudishia ${refunded} kwa njia uliyolipia; tutakutumia barua pepe pesa zikishatumwa.`
        : 'Hakuna malipo yaliyochukuliwa kwa oda hii, kwa hivyo huna cha kulipa.',
      'Kama hili ni kosa, jibu barua pepe hii au uagize tena kutoka dukani.',
    ],
  },
};

/** A refund that went through. */
export const REFUND_DONE: InEach<{
  subject: (id: number) => string;
  how: Record<string, string>;
  refunded: (amount: string, how: string, id: number) => string;
  reference: (reference: string) => string;
}> = {
  en: {
    subject: (id) => `Your refund for Duka order #${id}`,
    how: {
      paypal: 'to your PayPal account',
      mpesa: 'to your M-Pesa',
      cash: 'in cash',
      manual: 'by hand',
    },
    refunded: (amount, how, id) => `We have refunded ${amount} ${how} for order #${id}.`,
    reference: (reference) => `Reference: ${reference}.`,
  },
  sw: {
    subject: (id) => `Rejesho la pesa la oda yako ya Duka #${id}`,
    how: {
      paypal: 'kwenye akaunti yako ya PayPal',
      mpesa: 'kwenye M-Pesa yako',
      cash: 'kwa pesa taslimu',
      manual: 'kwa mkono',
    },
    refunded: (amount, how, id) => `Tumekurudishia ${amount} ${how} kwa oda #${id}.`,
    reference: (reference) => `Kumbukumbu: ${reference}.`,
  },
};

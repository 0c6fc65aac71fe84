// The back office's Settings screen (issue 33): what describes the shop — its names, how to reach
// it, its social pages, its return window, whether shelf prices include VAT, and the home page's
// slides. Checked with the shared schema, then by the server; a refusal shows at each field and
// keeps everything typed (decision record 026).
import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_RETURN_WINDOW_DAYS,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
  shopSettingsInputSchema,
  type ShopSettings,
  type SocialNetwork,
} from '@duka/domain/settings/schemas';
import { SETTINGS_MESSAGES } from '@duka/domain/settings/messages';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { adminSettingsQuery, useSaveSettings } from '../api/settings-api.ts';
import { SlidesEditor, slideDraftsOf, type SlideDraft } from '../components/slides-editor.tsx';

type TextKey =
  'shop_name' | 'legal_name' | 'kra_pin' | 'address' | 'postal_address' | 'phone' | 'email';

interface Draft extends Record<TextKey, string> {
  social_links: Record<SocialNetwork, string>;
  return_window_days: string;
  prices_include_vat: boolean;
  slides: SlideDraft[];
}

const draftOf = (s: ShopSettings): Draft => ({
  shop_name: s.shop_name,
  legal_name: s.legal_name,
  kra_pin: s.kra_pin,
  address: s.address,
  postal_address: s.postal_address,
  phone: s.phone,
  email: s.email,
  social_links: { ...s.social_links },
  return_window_days: String(s.return_window_days),
  prices_include_vat: s.prices_include_vat,
  slides: slideDraftsOf(s.slides),
});

const inputOf = (d: Draft) => ({
  ...d,
  return_window_days:
    d.return_window_days.trim() === '' ? Number.NaN : Number(d.return_window_days),
  slides: d.slides.map((s) => ({
    title: s.title,
    text: s.text,
    image: s.image ?? '',
    link: s.link,
  })),
});

const fieldset = 'space-y-4 rounded-2xl border border-slate-200 bg-white p-5';
const legend = 'px-1 text-base font-semibold text-slate-900';
const hint = 'text-sm text-slate-600';

export default function SettingsPage() {
  useDocumentTitle('Settings');
  const settings = useQuery(adminSettingsQuery());
  return (
    <div className="max-w-3xl">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Settings</h1>
      <p className="mb-6 text-sm text-slate-600">
        What the shop says of itself: the footer, Contact, About, Delivery and Returns, the FAQ,
        product pages, receipts and e-mails all read these.
      </p>
      {settings.isPending ? (
        <LoadingText />
      ) : settings.isError ? (
        <ErrorText>Error: {settings.error.message}</ErrorText>
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </div>
  );
}

function SettingsForm({ initial }: { initial: ShopSettings }) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveSettings();
  const notice = useNotice();
  const form = useRef<HTMLFormElement>(null);

  // After a refused save, the first field to correct gets the focus.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = (key: TextKey) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const setLink = (network: SocialNetwork) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, social_links: { ...d.social_links, [network]: e.target.value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = shopSettingsInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[issue.path.join('.') || '_'] ??= issue.message;
      setErrors(fields);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (settings) => {
        setErrors({});
        setDraft(draftOf(settings));
        setSaved(true);
        notice('success', SETTINGS_MESSAGES.saved);
      },
      onError: (err) =>
        setErrors(
          err instanceof ApiError && Object.keys(err.fields).length > 0
            ? err.fields
            : { _: err.message },
        ),
    });
  };

  const text = (key: TextKey, label: string, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      label={label}
      value={draft[key]}
      onChange={set(key)}
      error={errors[key]}
      {...extra}
    />
  );
  const wrong = Object.keys(errors).filter((k) => k !== '_').length;

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-6" aria-label="Shop settings">
      {errors._ && <FormMessage kind="error">{errors._}</FormMessage>}
      {wrong > 0 && (
        <FormMessage kind="error">
          Nothing was saved: correct the {wrong === 1 ? 'field' : `${wrong} fields`} marked below.
        </FormMessage>
      )}

      <fieldset className={fieldset}>
        <legend className={legend}>The shop</legend>
        {text('shop_name', 'Shop name', { maxLength: 60 })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('legal_name', 'Legal name (on receipts)', { placeholder: 'Duka Ltd' })}
          {text('kra_pin', 'KRA PIN', { placeholder: 'P051234567X', spellCheck: false })}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>How to reach the shop</legend>
        {text('address', 'Street address')}
        {text('postal_address', 'Postal address')}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('phone', 'Phone', { type: 'tel', placeholder: '0712 345 678' })}
          {text('email', 'E-mail', { type: 'email' })}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Social pages</legend>
        <p className={hint}>
          The full address of each page; leave empty for a network the shop is not on.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={SOCIAL_LABELS[network]}
              type="url"
              placeholder="https://"
              value={draft.social_links[network]}
              onChange={setLink(network)}
              error={errors[`social_links.${network}`]}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>Returns and prices</legend>
        <div className="max-w-xs">
          <TextField
            label="Return window (days)"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_RETURN_WINDOW_DAYS}
            value={draft.return_window_days}
            onChange={(e) => setDraft((d) => ({ ...d, return_window_days: e.target.value }))}
            error={errors.return_window_days}
          />
        </div>
        <p className={hint}>
          0 means the shop takes no returns. A product&apos;s own return policy, where one is
          written, comes first.
        </p>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={draft.prices_include_vat}
            onChange={(e) => setDraft((d) => ({ ...d, prices_include_vat: e.target.checked }))}
          />
          <span>
            <span className="font-medium text-slate-900">Shelf prices include VAT</span>
            <span className="block text-slate-600">
              On: the price shown is what the shopper pays, VAT included. Off: VAT is added at
              checkout. A change applies to orders made from then on; orders already made keep their
              figures.
            </span>
          </span>
        </label>
      </fieldset>

      <SlidesEditor
        slides={draft.slides}
        onChange={(slides) => setDraft((d) => ({ ...d, slides }))}
        errors={errors}
        className={fieldset}
        legendClassName={legend}
      />

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
        {saved && (
          <p role="status" className="text-sm font-medium text-green-800">
            {SETTINGS_MESSAGES.saved}
          </p>
        )}
      </div>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { useParams } from 'wouter';
import { PhotoField } from '#client/features/serials/photo-field.tsx';
import {
  type Envelope,
  type PinResult,
  pinAnswer,
  reportAnswer,
} from '#client/features/serials/verdict-answers.ts';
import { useLanguage, usePageLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { LanguageSwitcher } from '#client/i18n/language-switcher.tsx';
import { LocalText } from '#client/i18n/local-text.tsx';
import { pagePath } from '#shared/public-pages.ts';
import { type SerialVerdictView, verdictBanner } from '#shared/serial-verdict-banner.ts';

/** The element the server writes the counted verdict into (server/http/serial-page.ts). */
const VERDICT_ELEMENT_ID = 'serial-verdict';

const TONES = {
  good: 'border-green-700 bg-green-50 text-green-900',
  info: 'border-blue-700 bg-blue-50 text-blue-900',
  warn: 'border-amber-700 bg-amber-50 text-amber-900',
  bad: 'border-red-700 bg-red-50 text-red-900',
} as const;

function serverVerdict(serial: string): SerialVerdictView | null {
  const text = document.getElementById(VERDICT_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const view = JSON.parse(text) as SerialVerdictView;
    return view.serial === serial ? view : null;
  } catch {
    return null;
  }
}

/** The API's answer; no network is statusCode 0 with the page's own words for it. */
async function send<T>(path: string, init: RequestInit, offline: string): Promise<Envelope<T>> {
  try {
    const res = await fetch(`/api${path}`, { credentials: 'same-origin', ...init });
    return (await res.json()) as Envelope<T>;
  } catch {
    return { statusCode: 0, message: offline };
  }
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

function Banner({ view }: { view: SerialVerdictView }) {
  const { strings, lang } = usePageLanguage();
  const b = verdictBanner(view, strings, lang);
  return (
    <section
      role="status"
      aria-live="polite"
      data-verdict={view.verdict}
      className={`rounded-xl border-2 p-4 ${TONES[b.tone]}`}
    >
      <h1 className="mb-2 text-xl font-bold">
        <span aria-hidden="true">{b.icon}</span> {b.title}
      </h1>
      {b.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}

function PinForm({ serial }: { serial: string }) {
  const s = usePublicStrings();
  const lang = useLanguage();
  const m = s.serialVerdict;
  const [pin, setPin] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await send<PinResult>(`/serials/${serial}/verify`, json({ pin }), s.client.offline);
    setAnswer(pinAnswer(res, s, lang));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-line p-4">
      <h2 className="font-semibold">{m.pinTitle}</h2>
      <label className="flex flex-col gap-1 text-sm">
        {m.pinLabel}
        <input
          inputMode="numeric"
          pattern="\d{6}"
          maxLength={6}
          required
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          className="rounded border border-line px-2 py-1"
        />
      </label>
      <button type="submit" className="rounded bg-primary px-3 py-2 font-medium text-on-primary">
        {m.pinSubmit}
      </button>
      {answer && <p role="status">{answer}</p>}
    </form>
  );
}

function ReportForm({ serial, productId }: { serial: string; productId: number | null }) {
  const s = usePublicStrings();
  const m = s.serialVerdict;
  const [answer, setAnswer] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (productId !== null) form.set('productId', String(productId));
    const res = await send(`/serials/${serial}/reports`, { method: 'POST', body: form }, s.client.offline);
    setAnswer(reportAnswer(res, s));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-line p-4">
      <h2 className="font-semibold">{m.reportTitle}</h2>
      <label className="flex flex-col gap-1 text-sm">
        {m.reportShop}
        <input name="shopName" required maxLength={200} className="rounded border border-line px-2 py-1" />
      </label>
      <PhotoField
        name="file"
        label={m.reportPhoto}
        pick={m.reportPhotoPick}
        none={m.reportPhotoNone}
        required
      />
      <label className="flex flex-col gap-1 text-sm">
        {m.reportNote}
        <textarea name="note" maxLength={1000} className="rounded border border-line px-2 py-1" />
      </label>
      <button type="submit" className="rounded border border-line px-3 py-2 font-medium">
        {m.reportSubmit}
      </button>
      {answer && <p role="status">{answer}</p>}
    </form>
  );
}

/** '/s/:serial' and the Digital Links with a serial: the item's verdict, then the product (issue 32). */
export default function SerialVerdictPage() {
  const s = usePublicStrings();
  const m = s.serialVerdict;
  const serial = useParams<{ serial: string }>().serial ?? '';
  const [view, setView] = useState<SerialVerdictView | null>(() => serverVerdict(serial));
  const [place, setPlace] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  if (!view && !asked) {
    setAsked(true);
    void send<SerialVerdictView>(`/serials/${serial}`, {}, s.client.offline).then(
      (r) => r.data && setView(r.data),
    );
  }
  // The only path to the phone's position: the visitor's press. Only the province it maps to is kept.
  const shareLocation = () => {
    navigator.geolocation?.getCurrentPosition(async (pos) => {
      const res = await send<SerialVerdictView>(
        `/serials/${serial}/open`,
        json({ lat: pos.coords.latitude, lon: pos.coords.longitude }),
        s.client.offline,
      );
      if (res.data) {
        setView(res.data);
        setPlace(res.data.firstProvince);
      }
    });
  };
  if (!view) return <p role="status">{s.client.loading}</p>;
  const issued = view.verdict !== 'NOT_ISSUED';
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 p-3">
      <Banner view={view} />
      {view.about && (
        <section className="flex flex-col gap-1">
          <p>
            {m.product}:{' '}
            <strong>
              <LocalText field={view.about.name} />
            </strong>
          </p>
          <p className="text-ink-soft">
            <LocalText field={view.about.companyName} />
          </p>
        </section>
      )}
      {issued && view.productId !== null && (view.about?.active ?? true) && (
        <a className="text-primary underline" href={pagePath('productDetails', view.productId)}>
          {m.productLink}
        </a>
      )}
      {issued && view.withPin && <PinForm serial={serial} />}
      {issued && (
        <div className="flex flex-col gap-1">
          <button type="button" onClick={shareLocation} className="rounded border border-line px-3 py-2">
            {m.useLocation}
          </button>
          <p className="text-xs text-ink-soft">{m.locationNote}</p>
          {place && <p role="status">{m.locationSaved(place)}</p>}
        </div>
      )}
      <ReportForm serial={serial} productId={view.productId} />
      {/* After the verdict, which comes first: the company's languages, or all three for a code of nobody's. */}
      <LanguageSwitcher languages={view.about ? view.about.languages : undefined} />
    </div>
  );
}

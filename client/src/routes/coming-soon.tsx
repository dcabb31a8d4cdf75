import { useEffect, useState } from 'react';
import { usePublicStrings } from '#client/i18n/language.tsx';
import { useConfig } from '#client/lib/use-config.ts';

/** Whole days, hours, minutes and seconds until a time (never negative). */
export function countdownParts(targetMs: number, nowMs: number) {
  const total = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** '/' while the configured coming-soon date is ahead: a countdown in the compact simple layout, in the visitor's language. */
export default function ComingSoonPage() {
  const { data } = useConfig();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const target = data?.comingSoonDate ? Date.parse(data.comingSoonDate) : now;
  const parts = countdownParts(target, now);
  const c = usePublicStrings().client.comingSoon;
  const cells = [
    [parts.days, c.days],
    [parts.hours, c.hours],
    [parts.minutes, c.minutes],
    [parts.seconds, c.seconds],
  ] as const;
  return (
    <div className="flex w-full flex-col items-center gap-4">
      <h1 className="text-3xl font-bold text-ink">{c.title}</h1>
      <p className="text-ink-soft">{c.text}</p>
      <div className="mt-4 grid w-full grid-cols-4 gap-2" role="timer" aria-live="off">
        {cells.map(([value, label]) => (
          <div key={label} className="rounded-lg bg-surface p-3 shadow-sm">
            <p className="text-3xl font-bold text-primary tabular-nums">{String(value).padStart(2, '0')}</p>
            <p className="text-xs text-ink-soft">{label}</p>
          </div>
        ))}
      </div>
    </div>
  );
}

import { cn } from '#client/lib/cn.ts';
import { client as viClient } from '#shared/i18n/vi/client.ts';

/**
 * The letter for a name: the first of its LAST word, the given name in Vietnamese order ("Nguyễn Văn
 * An" → "A", as people are called by it), whole even when written with combining marks ("Ấ").
 */
export function initialOf(name: string | null | undefined): string {
  const last = name?.normalize('NFC').trim().split(/\s+/).at(-1) ?? '';
  const first = last.match(/^\P{M}\p{M}*/u)?.[0] ?? '';
  return first.toLocaleUpperCase('vi');
}

/** The user's picture, or the initial of the given name on a coloured disc when there is none. */
export function Avatar({
  name,
  src,
  size = 40,
  className,
}: {
  name?: string | null;
  src?: string | null;
  size?: 40 | 100;
  className?: string;
}) {
  const box = size === 100 ? 'h-[100px] w-[100px] text-4xl' : 'h-10 w-10 text-base';
  if (src) {
    return (
      <img
        src={src}
        alt={name ?? viClient.defaultAvatarAlt}
        className={cn('rounded-full object-cover', box, className)}
      />
    );
  }
  const letter = initialOf(name);
  if (!letter) {
    return (
      <img
        src="/logo.svg"
        alt={viClient.defaultAvatarAlt}
        className={cn('rounded-full bg-primary-light object-contain p-1', box, className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-primary font-semibold text-on-primary',
        box,
        className,
      )}
    >
      {letter}
    </span>
  );
}

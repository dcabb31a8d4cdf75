import { usePublicStrings } from '#client/i18n/language.tsx';

/** The full-screen loading overlay: a 120px box with the 64px logo, animated. */
export function LoadingScreen() {
  const loading = usePublicStrings().client.loading;
  return (
    <div
      role="status"
      aria-label={loading}
      className="fixed inset-0 z-50 flex items-center justify-center bg-surface"
    >
      <div className="relative flex h-[120px] w-[120px] items-center justify-center">
        <span className="absolute inset-0 animate-spin rounded-[30%] border-4 border-primary/25 border-t-primary motion-reduce:animate-none" />
        <img src="/logo.svg" alt="" width={64} height={64} className="h-16 w-16 animate-pulse" />
      </div>
    </div>
  );
}

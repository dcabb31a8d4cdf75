import { toast } from 'react-toastify';
import { Button } from '#client/components/ui/button.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** 'Chia sẻ': the phone's share sheet when there is one, otherwise the page's address copied. */
export function ShareButton({ title }: { title: string }) {
  const t = usePublicStrings().product;
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closing the share sheet is not an error worth telling.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t.copied);
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <Button variant="outline" onClick={share}>
      {t.share}
    </Button>
  );
}

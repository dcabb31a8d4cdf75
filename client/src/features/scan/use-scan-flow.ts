/**
 * The scan page's one flow, whatever brought the code in (camera, photo, typed code): refuse foreign
 * codes at once, resolve ours, record the scan and open the product; say in Vietnamese what failed.
 * A photo is read on the phone first (photo-decode.ts, decision 121); a picture with several of our
 * codes lets the shopper pick one; with no network a code waits on the phone (pending-scans.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { ApiError, apiFetch } from '#client/lib/api-fetch.ts';
import { errorData } from '#client/lib/trpc.ts';
import { useConfig } from '#client/lib/use-config.ts';
import type { PublicProduct } from '#client/features/public/types.ts';
import { codeFromScan } from './parse-code.ts';
import { addPending, isOffline, readPending, removePending } from './pending-scans.ts';
import { useOpenScannedProduct, useRememberScan, useResolveCode } from './record-scan.ts';

const t = vi.publicPages.scan;

export type ScanStatus =
  | { kind: 'ready' }
  | { kind: 'busy'; text: string }
  | { kind: 'error'; message: string }
  | { kind: 'queued' }
  | { kind: 'pick'; products: PublicProduct[] };

/** The photo scan's answer: the product, and every product of ours the picture held (decision 120). */
type ScanImageAnswer = PublicProduct & { found?: PublicProduct[] };

/** The message for a failed resolve or photo scan: 404 in our words, anything else as the server said it. */
function failureMessage(status: number | null | undefined, message: string): string {
  if (status === 404) return t.notFound;
  return message || vi.client.unknownError;
}

export function useScanFlow() {
  const config = useConfig();
  const resolve = useResolveCode();
  const open = useOpenScannedProduct();
  const remember = useRememberScan();
  const [status, setStatus] = useState<ScanStatus>({ kind: 'ready' });
  const [pending, setPending] = useState<string[]>(readPending);
  // The camera reports the same code many times a second: one lookup at a time.
  const busy = useRef(false);

  const fail = useCallback((message: string) => {
    busy.current = false;
    setStatus({ kind: 'error', message });
  }, []);

  const publicUrl = config.data?.publicUrl;
  const ourCode = useCallback(
    (text: string) =>
      codeFromScan(
        text,
        [publicUrl, window.location.origin].filter((o): o is string => !!o),
      ),
    [publicUrl],
  );

  const lookUp = useCallback(
    async (code: string) => {
      busy.current = true;
      setStatus({ kind: 'busy', text: t.looking });
      try {
        open(await resolve(code));
      } catch (err) {
        const httpStatus = errorData(err).httpStatus;
        if (isOffline(httpStatus)) {
          setPending(addPending(code));
          busy.current = false;
          setStatus({ kind: 'queued' });
          return;
        }
        fail(failureMessage(httpStatus, err instanceof Error ? err.message : ''));
      }
    },
    [resolve, open, fail],
  );

  const onText = useCallback(
    async (text: string) => {
      if (busy.current) return;
      const code = ourCode(text);
      if (!code) return fail(t.notOurs);
      await lookUp(code);
    },
    [ourCode, lookUp, fail],
  );

  const upload = useCallback(
    async (file: Blob) => {
      const form = new FormData();
      form.append('file', file, 'anh-ma-qr.jpg');
      try {
        const answer = await apiFetch<ScanImageAnswer>('/api/products/scan-qr', {
          method: 'POST',
          body: form,
          silent: true,
        });
        const found = answer.found ?? [answer];
        if (found.length > 1) {
          busy.current = false;
          setStatus({ kind: 'pick', products: found });
        } else open(answer);
      } catch (err) {
        fail(err instanceof ApiError ? failureMessage(err.status, err.message) : vi.client.unknownError);
      }
    },
    [open, fail],
  );

  const onPhoto = useCallback(
    async (file: File) => {
      if (busy.current) return;
      busy.current = true;
      setStatus({ kind: 'busy', text: t.decodingPhoto });
      let reading: Awaited<ReturnType<typeof import('./photo-decode.ts').readPhoto>> | null = null;
      try {
        const { readPhoto } = await import('./photo-decode.ts');
        reading = await readPhoto(file);
      } catch {
        // The reader's code did not load: the server reads the photo.
      }
      const texts = reading?.texts ?? [];
      const ours = [...new Set(texts.map(ourCode).filter((c): c is string => !!c))];
      // One code of ours: looked up like a typed code, nothing uploaded.
      if (ours.length === 1) return lookUp(ours[0] as string);
      // Only foreign codes: refused here, as the camera refuses them.
      if (ours.length === 0 && texts.length > 0) return fail(t.notOurs);
      // Nothing read here, or several codes (the server names their products without counting a scan
      // for each): a scaled-down copy goes to the server.
      await upload((await reading?.copy()) ?? file);
    },
    [ourCode, lookUp, upload, fail],
  );

  /** The shopper picked one product of a picture with several: that pick is the scan. */
  const onPick = useCallback(
    (product: PublicProduct) => {
      if (busy.current) return;
      void lookUp(product.qr_code);
    },
    [lookUp],
  );

  const reset = useCallback(() => {
    busy.current = false;
    setStatus({ kind: 'ready' });
  }, []);

  // Codes kept while offline are looked up when the network returns (and when the page opens online).
  useEffect(() => {
    let running = false;
    const flush = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        for (const code of readPending()) {
          try {
            remember(await resolve(code));
            setPending(removePending(code));
          } catch (err) {
            if (isOffline(errorData(err).httpStatus)) break;
            // A code that no longer leads to a product: nothing to keep it for.
            setPending(removePending(code));
          }
        }
      } finally {
        running = false;
      }
    };
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [resolve, remember]);

  return { status, pending, onText, onPhoto, onPick, fail, reset };
}

/**
 * The scan page's one flow, whatever brought the code in (camera, photo, typed code): refuse foreign
 * codes at once, resolve ours, record the scan and open the page it leads to (decision 184: every
 * address the app prints, read by shared/scanned-text.ts as the server reads it); say in the page's
 * language what failed (scan-failure.ts).
 * A photo is read on the phone first (photo-decode.ts, decision 121); a picture with several of our
 * codes lets the shopper pick one; with no network a code waits on the phone (pending-scans.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { readScannedText, type ScannedTarget } from '#shared/scanned-text.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';
import { ApiError, apiFetch } from '#client/lib/api-fetch.ts';
import { errorData } from '#client/lib/trpc.ts';
import { useConfig } from '#client/lib/use-config.ts';
import { addPending, isOffline, readPending, removePending } from './pending-scans.ts';
import { scanFailure } from './scan-failure.ts';
import type { ScanAnswer } from '#client/features/public/types.ts';
import { useOpenScannedProduct, useRememberScan, useResolveScan } from './record-scan.ts';

export type ScanStatus =
  | { kind: 'ready' }
  | { kind: 'busy'; text: string }
  | { kind: 'error'; message: string }
  | { kind: 'queued' }
  | { kind: 'pick'; products: ScanAnswer[] };

/** The photo scan's answer: the scan's, and every product of ours the picture held (decision 120). */
type ScanImageAnswer = ScanAnswer & { found?: ScanAnswer[] };

/** A kept scan (pending-scans.ts): what was scanned, or a bare code as kept before lots were read. */
function pendingTarget(kept: string): ScannedTarget {
  try {
    const target = JSON.parse(kept) as ScannedTarget;
    if (target && typeof target === 'object' && 'kind' in target) return target;
  } catch {
    // a bare code
  }
  return { kind: 'code', code: kept };
}

export function useScanFlow() {
  // The page's language (decision 211); one object for the page's life, so no callback is made again.
  const s = usePublicStrings();
  const lang = useLanguage();
  const t = s.scan;
  const config = useConfig();
  const resolve = useResolveScan();
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
  const ourTarget = useCallback(
    (text: string) =>
      readScannedText(
        text,
        [publicUrl, window.location.origin].filter((o): o is string => !!o),
      ),
    [publicUrl],
  );

  const lookUp = useCallback(
    async (target: ScannedTarget) => {
      busy.current = true;
      setStatus({ kind: 'busy', text: t.looking });
      try {
        open(await resolve(target));
      } catch (err) {
        const httpStatus = errorData(err).httpStatus;
        if (isOffline(httpStatus)) {
          setPending(addPending(JSON.stringify(target)));
          busy.current = false;
          setStatus({ kind: 'queued' });
          return;
        }
        fail(scanFailure(httpStatus, err instanceof Error ? err.message : '', s, lang));
      }
    },
    [resolve, open, fail, s, t, lang],
  );

  const onText = useCallback(
    async (text: string) => {
      if (busy.current) return;
      const target = ourTarget(text);
      if (!target) return fail(t.notOurs);
      await lookUp(target);
    },
    [ourTarget, lookUp, fail, t],
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
        fail(err instanceof ApiError ? scanFailure(err.status, err.message, s, lang) : s.client.unknownError);
      }
    },
    [open, fail, s, lang],
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
      const ours = [
        ...new Set(texts.map((text) => JSON.stringify(ourTarget(text))).filter((c) => c !== 'null')),
      ];
      // One code of ours: looked up like a typed code, nothing uploaded.
      if (ours.length === 1) return lookUp(JSON.parse(ours[0] as string) as ScannedTarget);
      // Only foreign codes: refused here, as the camera refuses them.
      if (ours.length === 0 && texts.length > 0) return fail(t.notOurs);
      // Nothing read here, or several codes (the server names their products without counting a scan
      // for each): a scaled-down copy goes to the server.
      await upload((await reading?.copy()) ?? file);
    },
    [ourTarget, lookUp, upload, fail, t],
  );

  /** The shopper picked one product of a picture with several: that pick is the scan. */
  const onPick = useCallback(
    (product: ScanAnswer) => {
      if (busy.current) return;
      void lookUp(product.scanned);
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
        for (const kept of readPending()) {
          try {
            remember(await resolve(pendingTarget(kept)));
            setPending(removePending(kept));
          } catch (err) {
            if (isOffline(errorData(err).httpStatus)) break;
            // A code that no longer leads to a product: nothing to keep it for.
            setPending(removePending(kept));
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

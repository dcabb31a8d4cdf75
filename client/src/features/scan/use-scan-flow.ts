/**
 * The scan page's one flow, whatever brought the code in (camera, photo, typed code): refuse foreign
 * codes at once, resolve ours, record the scan and open the product; say in Vietnamese what failed.
 */
import { useCallback, useRef, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { ApiError, apiFetch } from '#client/lib/api-fetch.ts';
import { errorData } from '#client/lib/trpc.ts';
import { useConfig } from '#client/lib/use-config.ts';
import type { PublicProduct } from '#client/features/public/types.ts';
import { codeFromScan } from './parse-code.ts';
import { useOpenScannedProduct, useResolveCode } from './record-scan.ts';

const t = vi.publicPages.scan;

export type ScanStatus =
  | { kind: 'ready' }
  | { kind: 'busy'; text: string }
  | { kind: 'error'; message: string };

/** The message for a failed resolve or photo scan: 404 in our words, anything else as the server said it. */
function failureMessage(status: number | null | undefined, message: string): string {
  if (status === 404) return t.notFound;
  return message || vi.client.unknownError;
}

export function useScanFlow() {
  const config = useConfig();
  const resolve = useResolveCode();
  const open = useOpenScannedProduct();
  const [status, setStatus] = useState<ScanStatus>({ kind: 'ready' });
  // The camera reports the same code many times a second: one lookup at a time.
  const busy = useRef(false);

  const fail = useCallback((message: string) => {
    busy.current = false;
    setStatus({ kind: 'error', message });
  }, []);

  const onText = useCallback(
    async (text: string) => {
      if (busy.current) return;
      const origins = [config.data?.publicUrl, window.location.origin].filter((o): o is string => !!o);
      const code = codeFromScan(text, origins);
      if (!code) return fail(t.notOurs);
      busy.current = true;
      setStatus({ kind: 'busy', text: t.looking });
      try {
        open(await resolve(code));
      } catch (err) {
        fail(failureMessage(errorData(err).httpStatus, err instanceof Error ? err.message : ''));
      }
    },
    [config.data?.publicUrl, resolve, open, fail],
  );

  const onPhoto = useCallback(
    async (file: File) => {
      if (busy.current) return;
      busy.current = true;
      setStatus({ kind: 'busy', text: t.decodingPhoto });
      const form = new FormData();
      form.append('file', file);
      try {
        open(
          await apiFetch<PublicProduct>('/api/products/scan-qr', {
            method: 'POST',
            body: form,
            silent: true,
          }),
        );
      } catch (err) {
        fail(err instanceof ApiError ? failureMessage(err.status, err.message) : vi.client.unknownError);
      }
    },
    [open, fail],
  );

  const reset = useCallback(() => {
    busy.current = false;
    setStatus({ kind: 'ready' });
  }, []);

  return { status, onText, onPhoto, fail, reset };
}

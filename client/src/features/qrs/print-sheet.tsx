import QRCode from 'qrcode';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';

const t = vi.workspace.qrs;

/** 4 x 6 labels per A4 sheet, each code 30 mm wide: a phone reads it from ~25 cm even after a rough print. */
export const LABELS_PER_SHEET = 24;

export interface PrintCode {
  code: string;
  url: string;
  /** The name of the code's product when that product is not active. */
  inactiveProduct?: string;
}

/** Vector QR (prints sharp at any size), error correction M and the standard 4-module quiet zone. */
const toSvg = (url: string) => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });

/** The sheet's width on paper (A4 less its margins), and on screen at 96 px per inch with its border. */
const SHEET_MM = 190;
const SHEET_PX = (SHEET_MM / 25.4) * 96 + 2;

/**
 * Only the sheet is printed: everything else is hidden in print, the page is A4 with 10 mm margins
 * and each block of 24 labels starts a new sheet. On screen the sheets are a preview, zoomed down to
 * the screen's width (previewZoom); paper gets them at their true size whatever the screen.
 */
const PRINT_CSS = `
@page { size: A4; margin: 10mm; }
@media print {
  body * { visibility: hidden !important; }
  .qr-print, .qr-print * { visibility: visible !important; }
  .qr-print { position: absolute; left: 0; top: 0; width: 190mm; }
  .qr-print-toolbar { display: none !important; }
  .qr-sheets { zoom: 1 !important; }
  .qr-sheet { break-after: page; border: 0 !important; margin: 0 !important; }
  .qr-sheet:last-child { break-after: auto; }
}
.qr-sheet { display: grid; grid-template-columns: repeat(4, 47.5mm); grid-auto-rows: 46mm; width: ${SHEET_MM}mm; }
.qr-label { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 1mm; }
.qr-label svg { width: 30mm; height: 30mm; }
.qr-label span { font: 600 3.2mm/1 ui-monospace, monospace; letter-spacing: 0.2mm; color: #000; }
`;

/**
 * How much the sheets are zoomed on screen: the frame's width over the sheet's, at most 1, followed as
 * the frame changes size (a phone turned, a sidebar folded). CSS zoom, not a transform, so the page's
 * height follows and nothing scrolls sideways.
 */
function usePreviewZoom(frame: RefObject<HTMLElement | null>): number {
  const [zoom, setZoom] = useState(1);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const fitToFrame = () => setZoom(Math.min(1, el.clientWidth / SHEET_PX));
    const observer = new ResizeObserver(fitToFrame);
    observer.observe(el);
    fitToFrame();
    return () => observer.disconnect();
  }, [frame]);
  return zoom;
}

/** The printable A4 label sheet of `codes`, with 'In' (window.print) and a way back. */
export function PrintSheet({ codes, onBack }: { codes: PrintCode[]; onBack: () => void }) {
  const [svgs, setSvgs] = useState<string[] | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const zoom = usePreviewZoom(frame);
  useEffect(() => {
    let live = true;
    void Promise.all(codes.map((c) => toSvg(c.url))).then((all) => live && setSvgs(all));
    return () => {
      live = false;
    };
  }, [codes]);

  const sheets: PrintCode[][] = [];
  for (let i = 0; i < codes.length; i += LABELS_PER_SHEET) sheets.push(codes.slice(i, i + LABELS_PER_SHEET));
  return (
    <div className="qr-print" ref={frame}>
      <style>{PRINT_CSS}</style>
      <div className="qr-print-toolbar mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold text-ink">{t.printTitle}</h2>
          <p className="text-sm text-ink-soft">{t.printHint(codes.length)}</p>
          {zoom < 1 && <p className="text-sm text-ink-soft">{t.previewZoomed(Math.round(zoom * 100))}</p>}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={onBack}>
            {t.back}
          </Button>
          <Button onClick={() => window.print()} disabled={!svgs}>
            {t.printButton}
          </Button>
        </div>
      </div>
      <InactiveWarning codes={codes} />
      {!svgs ? (
        <p role="status">{vi.workspace.common.loading}</p>
      ) : (
        <div className="qr-sheets" style={{ zoom }}>
          {sheets.map((sheet, s) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: sheets are positions on paper
              key={s}
              className="qr-sheet mb-6 border border-dashed border-line bg-white"
              data-testid="qr-sheet"
            >
              {sheet.map((c, i) => (
                <figure key={c.code} className="qr-label" data-testid="qr-label">
                  <div
                    role="img"
                    aria-label={t.labelAlt(c.code)}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own URL
                    dangerouslySetInnerHTML={{ __html: svgs[s * LABELS_PER_SHEET + i] ?? '' }}
                  />
                  <span>{c.code}</span>
                </figure>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** Before printing: which labels lead a shopper to "not found" because their product is not active. */
function InactiveWarning({ codes }: { codes: PrintCode[] }) {
  const inactive = codes.filter((c) => c.inactiveProduct);
  if (inactive.length === 0) return null;
  return (
    <div
      role="alert"
      className="qr-print-toolbar mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">{t.inactivePrintTitle(inactive.length)}</p>
      <p>{t.inactiveExplain}</p>
      <ul className="mt-1 list-disc ps-5">
        {inactive.map((c) => (
          <li key={c.code}>
            <span className="font-mono">{c.code}</span>: {c.inactiveProduct}
          </li>
        ))}
      </ul>
    </div>
  );
}

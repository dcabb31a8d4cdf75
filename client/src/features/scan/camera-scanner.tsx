/**
 * The camera scanner, loaded only by the scan page (dynamic import): @yudiel/react-qr-scanner and its
 * zxing WebAssembly. The wasm is served from our own /assets/ (the library would fetch it from a CDN,
 * which fails offline and behind firewalls, and leaks the visit): the override is set when this module
 * loads, before the first <Scanner> renders.
 */
import {
  type IDetectedBarcode,
  type IScannerError,
  prepareZXingModule,
  Scanner,
} from '@yudiel/react-qr-scanner';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export interface CameraScannerProps {
  paused: boolean;
  onText: (text: string) => void;
  onError: (error: IScannerError) => void;
}

export default function CameraScanner({ paused, onText, onError }: CameraScannerProps) {
  const onScan = (codes: IDetectedBarcode[]) => {
    const text = codes[0]?.rawValue;
    if (text) onText(text);
  };
  return (
    <Scanner
      onScan={onScan}
      onError={onError}
      paused={paused}
      formats={['qr_code']}
      sound={false}
      components={{ finder: true, torch: true, zoom: false, onOff: false }}
      classNames={{ container: 'overflow-hidden rounded-lg bg-black' }}
    />
  );
}

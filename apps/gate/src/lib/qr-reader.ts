/**
 * Reads QR codes from a camera frame or an image with `barcode-detector` (the Barcode Detection
 * API, ZXing compiled to WebAssembly underneath). Its WebAssembly is this app's own file, so the
 * service worker keeps it for scanning without the network.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path,
  },
});

const detector = new BarcodeDetector({ formats: ['qr_code'] });

/** The text of the first QR code in the source, or null when it shows none. */
export async function readQr(source: ImageBitmapSource): Promise<string | null> {
  const found = await detector.detect(source);
  return found[0]?.rawValue ?? null;
}

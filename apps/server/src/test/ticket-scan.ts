import jsQR from 'jsqr';
import {
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';
import { isBlack, type Raster } from '../modules/printing/raster.ts';

/**
 * Reading a printed ticket as drivers' phones and counters' scanners do, with decoders other
 * than the encoders that drew it: what the fake printer received, or a USB kiosk's job.
 */

/** The image as a camera sees it: 0 for black, 255 for paper, one byte a dot. */
function luminance(image: Raster): Uint8ClampedArray {
  const out = new Uint8ClampedArray(image.width * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) out[y * image.width + x] = isBlack(image, x, y) ? 0 : 255;
  }
  return out;
}

/** What a phone's camera reads from the ticket's QR code (jsQR), or null. */
export function scanQr(image: Raster): string | null {
  const gray = luminance(image);
  const rgba = new Uint8ClampedArray(gray.length * 4);
  gray.forEach((value, i) => rgba.set([value, value, value, 255], i * 4));
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}

/** What a counter's barcode scanner reads from the ticket's Code 128 (ZXing), or null. */
export function scanCode128(image: Raster): string | null {
  const source = new RGBLuminanceSource(luminance(image), image.width, image.height);
  const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
  try {
    return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch {
    return null;
  }
}

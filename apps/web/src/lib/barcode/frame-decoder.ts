/**
 * Reads a ticket's codes off a camera's video: the browser's BarcodeDetector where it has one
 * (Chrome on Android and macOS: the QR code and the Code 128), else jsQR on the frame's pixels
 * (the QR code), loaded only when a camera scan starts so the back office's bundle stays small.
 */

/** What a camera scan can read: both codes, or the QR code only. */
export type CameraReads = 'qrAndBarcode' | 'qr';

export interface FrameDecoder {
  reads: CameraReads;
  /** The text of a code seen in the video's current frame, or null. */
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The Shape Detection API's BarcodeDetector, which TypeScript's DOM library does not declare yet. */
interface BarcodeDetectorType {
  new (options: { formats: string[] }): {
    detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
  };
  getSupportedFormats(): Promise<string[]>;
}

/** A frame is read at this size at most: enough for a ticket held before the lens, quick to scan. */
const MAX_FRAME_SIDE = 800;

export async function createFrameDecoder(): Promise<FrameDecoder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorType }).BarcodeDetector;
  if (Detector) {
    const supported = await Detector.getSupportedFormats().catch((): string[] => []);
    const formats = ['qr_code', 'code_128'].filter((format) => supported.includes(format));
    if (formats.includes('qr_code')) {
      const detector = new Detector({ formats });
      return {
        reads: formats.includes('code_128') ? 'qrAndBarcode' : 'qr',
        async decode(video) {
          if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
          const found = await detector.detect(video);
          return found.find((code) => code.rawValue)?.rawValue ?? null;
        },
      };
    }
  }

  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    reads: 'qr',
    decode(video) {
      const { videoWidth: width, videoHeight: height } = video;
      if (!context || !width || !height) return Promise.resolve(null);
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      // The codes are printed, and shown on the driver's page, black on white.
      const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
      return Promise.resolve(code?.data || null);
    },
  };
}

import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';

/** A canvas pixel of this luminance or darker is burnt. */
const MIDDLE = 128;

/**
 * A photograph (a plate camera's JPEG) as a thermal head prints it: scaled to `width` dots,
 * made grey, and dithered by Floyd–Steinberg to dots that are black or white, so the paper's
 * threshold (raster.ts) keeps it as drawn and its greys read as denser or sparser dots. Null
 * when the bytes are no image the canvas can read: the slip prints without it.
 */
export async function ditheredPhoto(bytes: Buffer, width: number): Promise<Canvas | null> {
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(bytes);
  } catch {
    return null;
  }
  if (image.width === 0 || image.height === 0) return null;
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  const data = pixels.data;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++)
    grey[i] = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
  const spread = (x: number, y: number, share: number, error: number) => {
    if (x >= 0 && x < width && y < height) grey[y * width + x]! += error * share;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const value = grey[i]! < MIDDLE ? 0 : 255;
      const error = grey[i]! - value;
      spread(x + 1, y, 7 / 16, error);
      spread(x - 1, y + 1, 3 / 16, error);
      spread(x, y + 1, 5 / 16, error);
      spread(x + 1, y + 1, 1 / 16, error);
      data[i * 4] = data[i * 4 + 1] = data[i * 4 + 2] = value;
      data[i * 4 + 3] = 255;
    }
  }
  context.putImageData(pixels, 0, 0);
  return canvas;
}

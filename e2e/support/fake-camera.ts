import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** Chromium's fake camera reads it: `--use-file-for-fake-video-capture=<file.y4m>`. */
export function fakeCameraArgs(y4mPath: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${y4mPath}`,
  ];
}

/**
 * A video of a still picture, as Chromium's fake camera plays it: a Y4M file (YUV 4:2:0, full
 * range) of `frames` identical frames of `width` x `height`, the PNG drawn in the middle on white
 * at the largest whole scale that fits (nearest neighbour, so bars and modules stay sharp).
 */
export function pngToY4m(
  png: Buffer,
  path: string,
  options: { width: number; height: number; frames?: number },
): void {
  const { width, height, frames = 3 } = options;
  if (width % 2 || height % 2) throw new Error('4:2:0 frames need an even width and height');
  const image = PNG.sync.read(png);
  const scale = Math.max(1, Math.floor(Math.min(width / image.width, height / image.height)));
  const left = Math.floor((width - image.width * scale) / 2);
  const top = Math.floor((height - image.height * scale) / 2);

  /** The picture's colour at a frame pixel, white outside it (alpha blended on white). */
  const rgb = (x: number, y: number): [number, number, number] => {
    const ix = Math.floor((x - left) / scale);
    const iy = Math.floor((y - top) / scale);
    if (ix < 0 || iy < 0 || ix >= image.width || iy >= image.height) return [255, 255, 255];
    const i = (iy * image.width + ix) * 4;
    const alpha = image.data[i + 3]! / 255;
    const blend = (c: number) => Math.round(c * alpha + 255 * (1 - alpha));
    return [blend(image.data[i]!), blend(image.data[i + 1]!), blend(image.data[i + 2]!)];
  };

  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const luma = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb(x, y);
      luma[y * width + x] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  // Chroma: one sample per 2x2 block, from the block's top-left pixel (the picture is grey anyway).
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      const [r, g, b] = rgb(x * 2, y * 2);
      u[y * (width / 2) + x] = clamp(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      v[y * (width / 2) + x] = clamp(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, u, v]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

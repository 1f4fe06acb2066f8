import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';

/**
 * The fonts a printed ticket is drawn with, loaded from npm packages (never the machine's
 * system fonts, which differ from plant to plant and may have no Thai at all): Sarabun for
 * Latin, digits and Thai (the web's ticket font too), Noto Sans for Cyrillic (Sarabun has
 * none). Each subset is registered under our own family name and the ticket asks for them in
 * order, so every glyph comes from one of ours: digits and Latin from "TQ Latin" first.
 */

const require = createRequire(import.meta.url);

const FACES: ReadonlyArray<{ family: string; file: (weight: number) => string }> = [
  { family: 'TQ Latin', file: (weight) => `@fontsource/sarabun/files/sarabun-latin-${weight}-normal.woff2` },
  { family: 'TQ Thai', file: (weight) => `@fontsource/sarabun/files/sarabun-thai-${weight}-normal.woff2` },
  {
    family: 'TQ Cyrillic',
    file: (weight) => `@fontsource/noto-sans/files/noto-sans-cyrillic-${weight}-normal.woff2`,
  },
];

export const TICKET_WEIGHTS = [400, 700] as const;
export type TicketWeight = (typeof TICKET_WEIGHTS)[number];

const FAMILY_LIST = FACES.map((face) => `"${face.family}"`).join(', ');

let registered = false;

/** Registers the ticket's fonts once per process; throws when a font file is missing. */
export function registerTicketFonts(): void {
  if (registered) return;
  for (const face of FACES) {
    for (const weight of TICKET_WEIGHTS) {
      const path = require.resolve(face.file(weight));
      if (!GlobalFonts.registerFromPath(path, face.family)) {
        throw new Error(`The ticket font ${path} could not be loaded`);
      }
    }
  }
  registered = true;
}

/** A canvas `font` value in the ticket's families. */
export function ticketFont(size: number, weight: TicketWeight): string {
  return `${weight} ${size}px ${FAMILY_LIST}`;
}

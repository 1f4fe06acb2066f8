import type { Random } from '@truck-queue/shared/seeded-random';

/** Thai consonants as they appear on plates (a few obsolete or confusable ones left out). */
const CONSONANTS = 'กขคฆงจฉชซญฎฐฒณดตถทธนบผพฟภมยรลวศษสหฬอฮ';
const PROVINCES = ['นครราชสีมา', 'ขอนแก่น', 'ชัยภูมิ', 'บุรีรัมย์', 'กาฬสินธุ์', 'อุดรธานี', 'สระบุรี'];

/**
 * Licence plates as drivers type them: a private-style "1กข 1234" or a truck's "70-1234 นครราชสีมา".
 * Each call gives a plate not given before (a truck holds one ticket until it leaves).
 */
export function licenceMaker(random: Random): () => string {
  const used = new Set<string>();
  const one = () => {
    if (random.chance(0.5)) {
      const lead = random.chance(0.4) ? String(random.int(1, 9)) : '';
      return `${lead}${random.pick([...CONSONANTS])}${random.pick([...CONSONANTS])} ${random.int(1, 9999)}`;
    }
    return `${random.int(70, 89)}-${random.int(1000, 9999)} ${random.pick(PROVINCES)}`;
  };
  return () => {
    for (;;) {
      const plate = one();
      if (!used.has(plate)) {
        used.add(plate);
        return plate;
      }
    }
  };
}

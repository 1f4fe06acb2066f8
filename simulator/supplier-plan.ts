import { importSuppliers, listSuppliers } from '@truck-queue/shared/contracts/supplier.contract';
import { seededRandom } from '@truck-queue/shared/seeded-random';
import type { ApiClient } from './api-client.ts';
import { check, type Check } from './checks.ts';
import type { TruckPlan } from './plan.ts';
import type { Officer } from './plant-setup.ts';

/**
 * Who brings the cassava (issue 39), as the simulator plays it: most trucks of the lab flow (the
 * cassava deliveries) belong to a supplier, growers under a few group leaders and some
 * middlemen, each known by the plates of its trucks. The office imports the list from a
 * spreadsheet before the day (a check first, then the file); the kiosk and the desk issue as
 * before, and a ticket takes its supplier from its plate. The reports must name it.
 */

export interface SimSupplier {
  code: string;
  name: string;
  kind: 'grower' | 'leader' | 'middleman';
  leaderCode: string | null;
  plates: string[];
}

/** A lab-flow truck belongs to a supplier this often; the others are walk-ins the plant does not know. */
const KNOWN_SHARE = 0.8;
/** A supplier brings this many of the day's trucks on average. */
const TRUCKS_PER_SUPPLIER = 4;
/** A group leader has this many growers under it. */
const GROWERS_PER_LEADER = 8;

const SURNAMES = ['ใจดี', 'มีสุข', 'ศรีสวัสดิ์', 'ทองมา', 'บุญมี', 'แก้วใส', 'สุขเจริญ', 'พรมมา'];
const FIRST_NAMES = ['สมชาย', 'สมศรี', 'บุญเลิศ', 'ประยูร', 'วิไล', 'สุนทร', 'อำนวย', 'จันทร์เพ็ญ'];

/** The day's suppliers and which supplier's code each truck's plate is under (drawn apart from the day's plan). */
export function planSuppliers(
  plan: readonly TruckPlan[],
  seed: number,
): { suppliers: SimSupplier[]; codeOf: Map<string, string> } {
  const random = seededRandom((seed * 104729 + 39) >>> 0);
  const known = plan.filter((p) => p.flow === 'lab' && random.chance(KNOWN_SHARE));
  const count = Math.max(1, Math.ceil(known.length / TRUCKS_PER_SUPPLIER));
  const leaders = Math.max(1, Math.floor(count / (GROWERS_PER_LEADER + 1)));
  const suppliers: SimSupplier[] = [];
  for (let i = 0; i < leaders; i++)
    suppliers.push({
      code: `L-${String(i + 1).padStart(3, '0')}`,
      name: `หัวหน้ากลุ่ม ${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`,
      kind: 'leader',
      leaderCode: null,
      plates: [],
    });
  for (let i = 0; suppliers.length < count + leaders; i++) {
    const middleman = random.chance(0.15);
    suppliers.push({
      code: `${middleman ? 'M' : 'Q'}-${String(i + 1).padStart(4, '0')}`,
      name: middleman
        ? `ลานมัน${random.pick(SURNAMES)}`
        : `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`,
      kind: middleman ? 'middleman' : 'grower',
      leaderCode: middleman ? null : suppliers[random.int(0, leaders - 1)]!.code,
      plates: [],
    });
  }
  // Leaders bring loads too: every supplier may own a truck of the day.
  const codeOf = new Map<string, string>();
  for (const truck of known) {
    const owner = suppliers[random.int(0, suppliers.length - 1)]!;
    owner.plates.push(truck.licence);
    codeOf.set(truck.licence, owner.code);
  }
  return { suppliers, codeOf };
}

/** A CSV field, quoted when it must be. */
const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The suppliers as the office's spreadsheet (Thai headers, UTF-8 with its byte-order mark). */
export function suppliersCsv(suppliers: readonly SimSupplier[]): Buffer {
  const kind = { grower: 'ชาวไร่', leader: 'หัวหน้ากลุ่ม', middleman: 'พ่อค้าคนกลาง' } as const;
  const lines = [
    'รหัส,ชื่อ,ประเภท,รหัสหัวหน้ากลุ่ม,ทะเบียนรถ,ใช้งาน',
    ...suppliers.map((s) =>
      [s.code, s.name, kind[s.kind], s.leaderCode ?? '', s.plates.join(', '), 'ใช่'].map(field).join(','),
    ),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/**
 * The office imports the list: checked first (nothing written), then written. Answers the checks
 * and the suppliers' ids by code.
 */
export async function importSimSuppliers(
  api: ApiClient,
  office: Officer,
  suppliers: readonly SimSupplier[],
): Promise<{ checks: Check[]; idOf: Map<string, number> }> {
  const body = {
    file_name: 'ผู้ส่งวัตถุดิบ.csv',
    content_base64: suppliersCsv(suppliers).toString('base64'),
  };
  const dry = await api.call(importSuppliers, { ...body, apply: false }, office);
  const done = await api.call(importSuppliers, { ...body, apply: true }, office);
  const idOf = new Map<string, number>();
  for (let page = 1; ; page++) {
    const answer = await api.call(listSuppliers, { include_inactive: true, page, page_size: 100 }, office);
    for (const s of answer.suppliers) idOf.set(s.code, s.id);
    if (idOf.size >= answer.total || answer.suppliers.length === 0) break;
  }
  return {
    idOf,
    checks: [
      check(
        "suppliers: the office's spreadsheet checked first (nothing written), then imported",
        `${suppliers.length} new, 0 problems; written; ${suppliers.length} listed`,
        `${dry.created} new, ${dry.problems.length} problems${dry.applied ? ' (written by the check!)' : ''}; ` +
          `${done.applied ? 'written' : 'not written'}; ${idOf.size} listed`,
      ),
    ],
  };
}

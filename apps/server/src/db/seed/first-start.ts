import { count } from 'drizzle-orm';
import { prehashPassword } from '@truck-queue/shared/password';
import { ROLE } from '@truck-queue/shared/roles';
import { hashPassword } from '../../lib/password-hash.ts';
import type { Db } from '../database.ts';
import { branches, officers } from '../schema.ts';

export async function hasOfficers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(officers);
  return (row?.n ?? 0) > 0;
}

/** A password as the web client would send it, stored the way the server stores every password. */
export function storedPassword(plain: string): Promise<string> {
  return hashPassword(prehashPassword(plain));
}

/** Without demo data: one branch and the first SuperAdmin, from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function seedFirstAdmin(
  db: Db,
  admin: { email: string; password: string; branchName: string },
): Promise<void> {
  const [branch] = await db
    .insert(branches)
    .values({ name: admin.branchName })
    .returning({ id: branches.id });
  await db.insert(officers).values({
    branchId: branch!.id,
    name: 'Super',
    lastname: 'Admin',
    email: admin.email,
    passwordHash: await storedPassword(admin.password),
    roles: ROLE.superAdmin,
  });
}

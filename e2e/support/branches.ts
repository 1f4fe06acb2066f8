import { createOfficer, post, freshLicence, signIn, type SignedIn } from './demo-plant.ts';

/** A branch as the branch switcher lists it. */
export interface HeldBranch {
  id: number;
  name: string;
}

/**
 * An Admin of the demo branch who may switch branches (roles 1 and 1000), made by the demo's
 * SuperAdmin as Manage users does: the officer the branches page shows every branch to (the
 * demo's SuperAdmin holds only their own, as the branch switcher offers it). `tag` keeps each
 * run's e-mail apart.
 */
export async function branchesAdmin(
  baseUrl: string,
  tag: string,
): Promise<{ email: string; password: string; signedIn: SignedIn; branches: HeldBranch[] }> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const email = `branches-${tag}@example.com`;
  const password = 'Branches-overview-2569';
  await createOfficer(baseUrl, admin.session, {
    name: 'วีระพงษ์',
    lastname: 'ดูแลทุกสาขา',
    email,
    roles: '1,1000',
    password,
  });
  const signedIn = await signIn(baseUrl, email, password);
  const { branch } = await post<{ branch: HeldBranch[] }>(baseUrl, 'authen/mainBranch', {}, signedIn.session);
  return { email, password, signedIn, branches: branch };
}

/**
 * Puts trucks in a branch that has none (the demo's second branch): as `session` (an admin who
 * may switch), switches to it, adds a product and a standard-flow queue type of its own, and
 * issues `trucks` tickets; then switches back to `home`.
 */
export async function fillBranch(
  baseUrl: string,
  session: string,
  branch: HeldBranch,
  home: HeldBranch,
  trucks: number,
): Promise<void> {
  await post(baseUrl, 'authen/getUpdateBranchID', { id: branch.id, name: branch.name }, session);
  const { product } = await post<{ product: { id: number } }>(
    baseUrl,
    'product/doMainProduct',
    { name: 'หัวมันสด' },
    session,
  );
  const { branchQT } = await post<{ branchQT: { id: number } }>(
    baseUrl,
    'defineQueue/doBranchQT',
    { name: 'รับหัวมันสด', flow_engine_id: 2, prefix: 'K', status: '1' },
    session,
  );
  await post(baseUrl, 'product/manageProduct', { id: branchQT.id, product: [product.id] }, session);
  for (let i = 0; i < trucks; i++)
    await post(
      baseUrl,
      'process/printer/issueQueue',
      { id_branchQT: branchQT.id, product: product.id, truck_license: freshLicence() },
      session,
    );
  await post(baseUrl, 'authen/getUpdateBranchID', { id: home.id, name: home.name }, session);
}

/** Query keys of the officer administration; every key starts with 'admin', 'users'. */
export const userKeys = {
  officers: ['admin', 'users', 'officers'] as const,
};

export { addDays, lastDays, type Period } from '../../lib/site-period.ts';

/**
 * The state colours and tags live in src/components/queue-state-tag.tsx (one table for every
 * screen); this re-export keeps the calling components' and the station settings' imports
 * working until they import it from there.
 */
export { QueueStateLegend, QueueStateTag } from '../../../components/queue-state-tag.tsx';

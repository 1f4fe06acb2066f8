import { Image, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from './api/use-reads.ts';

/** A read's snapshot, small; a click shows it large. Nothing when the read has none kept. */
export function SnapshotThumb({ id, plate, width = 120 }: { id: number; plate: string; width?: number }) {
  const { t } = useTranslation();
  const snapshot = useSnapshot(id);
  if (snapshot.isPending) return <Skeleton.Image active style={{ width, height: (width * 9) / 16 }} />;
  if (!snapshot.data) return null;
  return (
    <Image
      src={snapshot.data}
      width={width}
      alt={t('cameraReads.snapshotAlt', { plate })}
      style={{ borderRadius: 6 }}
      data-testid="read-snapshot"
    />
  );
}

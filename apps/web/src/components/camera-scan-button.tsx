import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cameraAvailable } from '../lib/camera.ts';
import { CameraScanDialog } from './camera-scan-dialog.tsx';

/**
 * The camera's button beside a scan box, for phones and tablets without a wedge scanner: it
 * opens the camera, and a code read there is handed over as if typed and followed by Enter.
 * Nothing shows where the browser offers no camera (plain http on the plant's network).
 */
export function CameraScanButton({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each opening starts a new camera session: the dialog's body is mounted afresh.
  const [session, setSession] = useState(0);
  if (!cameraAvailable()) return null;
  return (
    <>
      <Tooltip title={t('scan.camera.open')}>
        <Button
          size="large"
          icon={<CameraOutlined aria-hidden />}
          aria-label={t('scan.camera.open')}
          data-testid="camera-scan"
          onClick={() => {
            setSession((n) => n + 1);
            setOpen(true);
          }}
        />
      </Tooltip>
      <CameraScanDialog
        open={open}
        session={session}
        onCancel={() => setOpen(false)}
        onDecoded={(text) => {
          setOpen(false);
          onScan(text);
        }}
      />
    </>
  );
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { createFrameDecoder, type CameraReads } from '../lib/barcode/frame-decoder.ts';
import { cameraProblemOf, openCamera, stopCamera, type CameraProblem } from '../lib/camera.ts';

/** Between two looks at the video: about eight a second, light on a phone's battery. */
const FRAME_INTERVAL_MS = 120;

type CameraState =
  | { kind: 'starting' }
  | { kind: 'scanning'; reads: CameraReads }
  | { kind: 'problem'; problem: CameraProblem };

/** The camera's view while it looks for a ticket's QR code or barcode; closes on the first code read. */
export function CameraScanDialog({
  open,
  session,
  onCancel,
  onDecoded,
}: {
  open: boolean;
  /** A new number for each opening: the camera starts again. */
  session: number;
  onCancel: () => void;
  onDecoded: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('scan.camera.title')}
      onCancel={onCancel}
      footer={<Button onClick={onCancel}>{t('scan.camera.cancel')}</Button>}
      destroyOnHidden
      // The page puts the caret where the next scan goes, not back on the camera's button.
      focusable={{ focusTriggerAfterClose: false }}
      width={560}
    >
      {open && <CameraView key={session} onDecoded={onDecoded} />}
    </Modal>
  );
}

function CameraView({ onDecoded }: { onDecoded: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const decoded = useEffectEvent(onDecoded);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      if (stream) stopCamera(stream);
    };
    const start = async () => {
      try {
        stream = await openCamera();
        const element = video.current;
        if (stopped || !element) return stop();
        element.srcObject = stream;
        await element.play();
        const decoder = await createFrameDecoder();
        if (stopped) return;
        setState({ kind: 'scanning', reads: decoder.reads });
        const look = async () => {
          const text = await decoder.decode(element).catch(() => null);
          if (stopped) return;
          if (text) {
            stop();
            decoded(text);
            return;
          }
          timer = window.setTimeout(() => void look(), FRAME_INTERVAL_MS);
        };
        await look();
      } catch (error) {
        if (stopped) return;
        stop();
        setState({ kind: 'problem', problem: cameraProblemOf(error) });
      }
    };
    void start();
    return stop;
  }, [attempt]);

  if (state.kind === 'problem') {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="camera-problem"
        title={t(`scan.camera.problem.${state.problem}`)}
        action={
          <Button
            onClick={() => {
              setState({ kind: 'starting' });
              setAttempt((n) => n + 1);
            }}
          >
            {t('scan.camera.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {state.kind === 'scanning' && state.reads === 'qrAndBarcode'
          ? t('scan.camera.hintBoth')
          : t('scan.camera.hintQr')}
      </Typography.Text>
      <div style={{ position: 'relative', background: '#000', borderRadius: 8, overflow: 'hidden' }}>
        <video
          ref={video}
          data-testid="camera-video"
          muted
          playsInline
          style={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
        />
        {state.kind === 'starting' && (
          <Flex
            vertical
            align="center"
            justify="center"
            gap={8}
            style={{ position: 'absolute', inset: 0, color: '#fff' }}
          >
            <Spin />
            <span>{t('scan.camera.starting')}</span>
          </Flex>
        )}
      </div>
    </Flex>
  );
}

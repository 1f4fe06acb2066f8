import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Alert, Button, Descriptions, Flex, Image, Modal, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { deductionPercent } from '@truck-queue/shared/queue/slip';
import { formatKg } from '@truck-queue/shared/weight-format';
import { errorMessage } from '../../lib/errors.ts';
import { usePhone } from '../../lib/use-phone.ts';
import { PrintPanel } from '../calling/components/reprint-panel.tsx';
import { usePrintSlip, useSlipPreview } from './api/use-slip.ts';
import { useTicketSnapshot } from '../camera-reads/api/use-reads.ts';

/** While mounted, printing the page prints the slip's image alone, 72 mm wide (80 mm paper's print width). */
const PRINT_CSS = `
.tq-slip-print { position: fixed; top: 0; left: -10000px; pointer-events: none; }
@media print {
  html, body { background: #fff !important; }
  body > *:not(.tq-slip-print) { display: none !important; }
  .tq-slip-print { position: static; left: auto; }
  .tq-slip-print img { display: block; width: 72mm; margin: 0 auto; }
}
`;

/**
 * A weighed-out truck's receiving slip at the weighbridge: the image its printer burns (the
 * server draws it, so screen, paper and the driver's page agree), the paid weight in words a
 * screen reader reads, and where to print it: a kiosk's thermal printer, or this computer's.
 */
export function SlipDialog({ uuid, onClose }: { uuid: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const phone = usePhone();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const preview = useSlipPreview(uuid);
  const snapshot = useTicketSnapshot(uuid);
  const print = usePrintSlip();
  const [printing, setPrinting] = useState(false);
  const data = preview.data;
  const kg = (value: number) => `${formatKg(value, locale)} ${t('weighing.kg')}`;

  return (
    <Modal
      open={uuid !== null}
      onCancel={onClose}
      afterClose={() => {
        print.reset();
        setPrinting(false);
      }}
      title={data ? t('weighing.slip.title', { n: data.queue_number }) : t('weighing.slip.heading')}
      footer={<Button onClick={onClose}>{t('weighing.slip.close')}</Button>}
      width={phone ? undefined : 800}
      destroyOnHidden
      data-testid="slip-dialog"
    >
      {preview.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {preview.isError && (
        <Alert
          type="error"
          showIcon
          title={t('weighing.slip.loadFailed')}
          description={errorMessage(t, preview.error)}
          data-testid="slip-error"
        />
      )}
      {data && uuid && (
        <Flex gap={24} vertical={phone} align="start">
          <div
            style={{
              flex: '0 0 auto',
              width: phone ? '100%' : 340,
              maxHeight: phone ? 360 : 560,
              overflowY: 'auto',
              border: '1px solid rgba(128,128,128,0.35)',
              borderRadius: 8,
              background: '#fff',
              padding: 8,
            }}
          >
            <img
              src={data.image}
              alt={t('weighing.slip.imageAlt', { n: data.queue_number })}
              style={{ width: '100%', display: 'block' }}
              data-testid="slip-image"
            />
          </div>
          <Flex vertical gap={16} style={{ flex: 1, minWidth: 0, width: phone ? '100%' : undefined }}>
            {data.slip.weight_warnings.length > 0 && (
              <Alert
                type="error"
                showIcon
                title={t('weighing.warnings.slipTitle')}
                description={data.slip.weight_warnings
                  .map((code) => t(`weighing.warnings.short.${code}`))
                  .join(' · ')}
                data-testid="slip-warnings"
              />
            )}
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                ...(data.slip.stored_tare_at
                  ? [
                      {
                        key: 'tare',
                        label: t('weighing.slip.tare'),
                        children: (
                          <span data-testid="slip-stored-tare">
                            {kg(data.slip.tare_kg)} ·{' '}
                            {t('weighing.storedTare.slipLine', { date: data.slip.stored_tare_at })}
                          </span>
                        ),
                      },
                    ]
                  : []),
                { key: 'net', label: t('weighing.slip.net'), children: kg(data.slip.net_kg) },
                ...data.slip.deductions.map((d) => ({
                  key: `d-${d.name}`,
                  label: t('weighing.slip.deduction', {
                    name: d.name,
                    percent: deductionPercent(d, locale),
                  }),
                  children: `−${kg(d.kg)}`,
                })),
                {
                  key: 'paid',
                  label: t('weighing.slip.paid'),
                  children: (
                    <Typography.Text strong data-testid="slip-paid">
                      {kg(data.slip.paid_kg)}
                    </Typography.Text>
                  ),
                },
              ]}
            />
            {snapshot.data && (
              <Flex vertical gap={4} data-testid="slip-snapshot">
                <Typography.Text strong>{t('cameraReads.slipSnapshot')}</Typography.Text>
                <Image
                  src={`data:${snapshot.data.mime};base64,${snapshot.data.data}`}
                  width={240}
                  alt={t('cameraReads.snapshotAlt', { plate: data.queue_number })}
                  style={{ borderRadius: 6 }}
                />
                <Typography.Text type="secondary">
                  {t('cameraReads.slipSnapshotAt', { time: dayjs(snapshot.data.at).format('HH:mm') })}
                </Typography.Text>
              </Flex>
            )}
            <PrintPanel
              ticketUuid={uuid}
              mutation={print}
              heading={t('weighing.slip.printHeading')}
              hint={t('weighing.slip.printHint')}
              button={t('weighing.slip.print')}
              onBrowserPrint={() => {
                flushSync(() => setPrinting(true));
                window.print();
              }}
            />
          </Flex>
        </Flex>
      )}
      {printing &&
        data &&
        createPortal(
          <div className="tq-slip-print" aria-hidden="true" data-testid="slip-printout">
            <style>{PRINT_CSS}</style>
            <img src={data.image} alt="" />
          </div>,
          document.body,
        )}
    </Modal>
  );
}

import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, App, Button, Flex, Modal } from 'antd';
import { CopyOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Supplier } from '@truck-queue/shared/contracts/supplier.contract';
import { SlipPrintout } from '../../components/slip-printout.tsx';
import { QrSvg } from '../../lib/barcode/qr-svg.tsx';
import { config } from '../../lib/config.ts';
import { publicPageUrl } from '../../lib/driver-page.ts';
import { errorMessage } from '../../lib/errors.ts';
import { readBranch } from '../../lib/session.ts';
import { useIssueSupplierPin } from './api/use-suppliers.ts';

interface GivenPin {
  supplier: Pick<Supplier, 'code' | 'name'>;
  pin: string;
  url: string;
}

/** The slip the supplier takes home: the plant, its code and PIN in large digits, the page's link and its QR. */
function PinSlip({ given }: { given: GivenPin }) {
  const { t } = useTranslation();
  const branch = readBranch();
  return (
    <div
      data-testid="pin-slip"
      style={{
        width: '72mm',
        maxWidth: '100%',
        margin: '0 auto',
        padding: 8,
        background: '#fff',
        color: '#000',
        textAlign: 'center',
        lineHeight: 1.35,
      }}
    >
      <div style={{ fontWeight: 700 }}>{branch?.company_name || config.companyName}</div>
      {branch?.name && <div style={{ fontSize: 12 }}>{branch.name}</div>}
      <div style={{ marginTop: 6, fontSize: 13 }}>{t('suppliers.pin.slipHeading')}</div>
      <div style={{ width: 110, maxWidth: '100%', margin: '4px auto' }}>
        <QrSvg text={given.url} label={t('suppliers.pin.qr')} />
      </div>
      <div style={{ fontSize: 11, wordBreak: 'break-all' }} data-testid="pin-url">
        {given.url}
      </div>
      <hr style={{ border: 0, borderTop: '1px dashed #000', margin: '6px 0' }} />
      <div style={{ fontSize: 13 }}>
        {t('suppliers.pin.code')} · {given.supplier.name}
      </div>
      <div style={{ fontSize: 22, fontWeight: 700 }}>{given.supplier.code}</div>
      <div style={{ marginTop: 4, fontSize: 13 }}>{t('suppliers.pin.pin')}</div>
      <div
        data-testid="pin-value"
        style={{ fontSize: 30, fontWeight: 700, letterSpacing: '0.2em', fontFamily: 'monospace' }}
      >
        {given.pin}
      </div>
      <div style={{ marginTop: 8, fontSize: 12 }}>{t('suppliers.pin.scan')}</div>
    </div>
  );
}

/**
 * "Give a booking PIN" for a supplier: asks first (the old PIN stops working), then shows the new
 * PIN once on a slip with the booking page's link and QR, to print or copy.
 */
export function useSupplierPin() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const issue = useIssueSupplierPin();
  const [given, setGiven] = useState<GivenPin | null>(null);
  const [printing, setPrinting] = useState(false);

  const ask = (supplier: Supplier) => {
    void modal.confirm({
      title: t('suppliers.pin.confirmTitle', { name: `${supplier.code} ${supplier.name}` }),
      content: t('suppliers.pin.confirmText'),
      okText: t('suppliers.pin.confirmOk'),
      cancelText: t('common.cancel'),
      onOk: () =>
        issue
          .mutateAsync({ supplier_id: supplier.id })
          .then(({ pin, page_path }) => setGiven({ supplier, pin, url: publicPageUrl(page_path) }))
          .catch((error: unknown) => void modal.error({ title: errorMessage(t, error) })),
    });
  };

  const copy = () => {
    if (!given) return;
    navigator.clipboard
      .writeText(given.url)
      .then(() => void message.success(t('suppliers.pin.copied')))
      .catch(() => undefined);
  };

  const dialog = (
    <Modal
      open={given !== null}
      title={given ? t('suppliers.pin.title', { code: given.supplier.code }) : ''}
      onCancel={() => setGiven(null)}
      afterOpenChange={(open) => !open && setPrinting(false)}
      width={420}
      destroyOnHidden
      data-testid="pin-dialog"
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button icon={<CopyOutlined aria-hidden />} onClick={copy}>
            {t('suppliers.pin.copy')}
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined aria-hidden />}
            onClick={() => {
              flushSync(() => setPrinting(true));
              window.print();
            }}
          >
            {t('suppliers.pin.print')}
          </Button>
        </Flex>
      }
    >
      {given && (
        <Flex vertical gap={8}>
          <Alert type="warning" showIcon title={t('suppliers.pin.once')} />
          <div style={{ border: '1px solid rgba(128,128,128,0.35)', borderRadius: 8, background: '#fff' }}>
            <PinSlip given={given} />
          </div>
        </Flex>
      )}
      {printing && given && (
        <SlipPrintout testId="pin-printout">
          <PinSlip given={given} />
        </SlipPrintout>
      )}
    </Modal>
  );

  return { ask, dialog };
}

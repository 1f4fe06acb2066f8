import { useState } from 'react';
import { Button, theme } from 'antd';
import { UsbOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { KioskPrinter } from './use-kiosk-printer.ts';

/**
 * The start screen's word on the printer, under the steps: a slim notice when the kiosk knows
 * its printer cannot print (tickets still issue, and show on screen to photograph); for a USB
 * kiosk, what IT staff need at setup (a browser without WebUSB, the one tap that lets the kiosk
 * use its printer). Nothing at all while the printer is fine.
 */
export function PrinterNotices({ printer }: { printer: KioskPrinter }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [connecting, setConnecting] = useState(false);
  const usb = printer.target === 'usb';
  const askForUsb =
    usb && printer.webUsb && (printer.usbFound === false || printer.trouble === 'unreachable');
  if (!printer.trouble && !askForUsb && !(usb && !printer.webUsb)) return null;

  const connect = () => {
    setConnecting(true);
    void printer.connectUsb().finally(() => setConnecting(false));
  };
  return (
    <div className="tqk-noprint tqk-printer-notices">
      {printer.trouble && (
        <div
          className="tqk-printer-notice"
          role="status"
          data-testid="kiosk-printer-notice"
          style={{
            background: token.colorWarningBg,
            borderColor: token.colorWarningBorder,
            color: token.colorText,
          }}
        >
          <WarningFilled style={{ color: token.colorWarning }} aria-hidden="true" />
          <span>{t('kiosk.print.notReady')}</span>
        </div>
      )}
      {usb && !printer.webUsb && (
        <p
          className="tqk-printer-setup"
          data-testid="kiosk-no-webusb"
          style={{ color: token.colorTextSecondary }}
        >
          {t('kiosk.print.noWebUsb')}
        </p>
      )}
      {askForUsb && (
        <div className="tqk-printer-setup" style={{ color: token.colorTextSecondary }}>
          <Button
            icon={<UsbOutlined />}
            loading={connecting}
            onClick={connect}
            data-testid="kiosk-usb-connect"
          >
            {t('kiosk.print.connectUsb')}
          </Button>
          <span>{t('kiosk.print.connectUsbHint')}</span>
        </div>
      )}
    </div>
  );
}

import { Flex, Form, Input, InputNumber, Radio, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrinterHostSchema } from '@truck-queue/shared/contracts/printing.contract';
import { isIpLiteral, isPlantAddress } from '@truck-queue/shared/printing/plant-address';
import {
  DEFAULT_PRINTER_PORT,
  PAPER_DOTS,
  PAPER_WIDTHS,
  PRINT_TARGETS,
  type PaperWidth,
  type PrintTarget,
} from '@truck-queue/shared/printing/printer-status';

/** The print settings' part of a kiosk's edit form. */
export interface PrintSettingsValues {
  printTarget?: PrintTarget | undefined;
  printerHost?: string | undefined;
  printerPort?: number | undefined;
  paperWidth?: PaperWidth | undefined;
}

/**
 * Where a kiosk's tickets print: the browser's print dialog, a thermal printer on the plant's
 * network (host and port), or the USB printer on the kiosk; and the roll's width. Each choice
 * says in one line what it needs.
 */
export function PrintSettingsFields({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const target = Form.useWatch<PrintTarget | undefined>('printTarget', form);
  return (
    <>
      <Form.Item name="printTarget" label={t('printing.settings.target')}>
        <Radio.Group style={{ width: '100%' }} data-testid="print-target">
          <Flex vertical gap={8}>
            {PRINT_TARGETS.map((value) => (
              <Radio key={value} value={value} style={{ alignItems: 'flex-start' }}>
                <Flex vertical>
                  <span>{t(`printing.settings.targets.${value}`)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`printing.settings.targetHints.${value}`)}
                  </Typography.Text>
                </Flex>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      </Form.Item>
      {target === 'network' && (
        <Flex gap={12} wrap>
          <Form.Item
            name="printerHost"
            label={t('printing.settings.host')}
            extra={t('printing.settings.hostHint')}
            style={{ flex: '1 1 220px' }}
            rules={[
              { required: true, whitespace: true, message: t('printing.settings.refusals.hostRequired') },
              {
                validator: (_rule, value: string | undefined) => {
                  const host = value?.trim() ?? '';
                  if (!host) return Promise.resolve();
                  if (!PrinterHostSchema.safeParse(host).success)
                    return Promise.reject(new Error(t('printing.settings.refusals.hostInvalid')));
                  // A name is resolved by the server, which says if it is not on the plant's network.
                  if (isIpLiteral(host) && !isPlantAddress(host))
                    return Promise.reject(new Error(t('printing.settings.refusals.notLocal')));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={253} autoComplete="off" inputMode="url" placeholder="192.168.1.50" />
          </Form.Item>
          <Form.Item
            name="printerPort"
            label={t('printing.settings.port')}
            extra={t('printing.settings.portHint', { port: DEFAULT_PRINTER_PORT })}
            rules={[{ required: true, message: t('printing.settings.refusals.portRequired') }]}
            style={{ flex: '0 0 140px' }}
          >
            <InputNumber min={1} max={65_535} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      )}
      {target !== undefined && target !== 'browser' && (
        <Form.Item
          name="paperWidth"
          label={t('printing.settings.paper')}
          extra={t('printing.settings.paperHint')}
        >
          <Radio.Group
            optionType="button"
            options={PAPER_WIDTHS.map((width) => ({
              value: width,
              label: t('printing.settings.paperWidth', { width, dots: PAPER_DOTS[width] }),
            }))}
          />
        </Form.Item>
      )}
    </>
  );
}

import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PeriodPicker, type PeriodPickerProps } from './period-picker.tsx';
import { useCardSize } from './use-card-size.ts';

/** A report's Excel button: its label, whether it is busy or has nothing yet, and what it does. */
export interface ReportExport {
  label: string;
  busy: boolean;
  disabled?: boolean;
  icon?: ReactNode;
  onExport: () => void;
}

/**
 * The card at the top of every report page: its period, the report's own fields (`children`),
 * then Search and, where the report has one, its Excel export, under the fields' labels.
 */
export function ReportFilters({
  period,
  children,
  searching,
  onSearch,
  exporter,
}: {
  period: PeriodPickerProps;
  children?: ReactNode;
  searching: boolean;
  onSearch: () => void;
  exporter?: ReportExport;
}) {
  const { t } = useTranslation();
  const cardSize = useCardSize();
  return (
    <Card size={cardSize}>
      <Form layout="vertical" component="div">
        <Flex gap={16} wrap align="flex-start">
          <PeriodPicker {...period} />
          {children}
          {/* The buttons stand level with the fields, under an empty label (none on a phone). */}
          <Form.Item
            label={cardSize === 'small' ? undefined : <span aria-hidden>&nbsp;</span>}
            colon={false}
            style={{ marginBottom: 0 }}
          >
            <Flex gap={8} wrap>
              <Button
                type="primary"
                icon={<SearchOutlined aria-hidden />}
                loading={searching}
                onClick={onSearch}
              >
                {t('reports.summary.search')}
              </Button>
              {exporter && (
                <Button
                  icon={exporter.icon ?? <DownloadOutlined aria-hidden />}
                  loading={exporter.busy}
                  disabled={exporter.disabled}
                  onClick={exporter.onExport}
                >
                  {exporter.label}
                </Button>
              )}
            </Flex>
          </Form.Item>
        </Flex>
      </Form>
    </Card>
  );
}

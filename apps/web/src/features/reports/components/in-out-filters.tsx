import type { CSSProperties } from 'react';
import { Button, Card, DatePicker, Flex, Form, Input, Select } from 'antd';
import { FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { API_DATE_FORMAT } from '../../../lib/format.ts';
import { useReportProducts } from '../api/use-report-products.ts';
import { SupplierFilter } from './supplier-filter.tsx';
import { useCardSize } from './use-card-size.ts';

/** The filters as the officer is setting them, before View report sends them. */
export interface InOutDraft {
  start: string | null;
  finish: string | null;
  licence: string;
  /** 0: every product ("please specify"). */
  product: number;
  /** 0: every truck, with a supplier or not (issue 39). */
  supplier: number;
}

interface InOutFiltersProps {
  draft: InOutDraft;
  onChange: (draft: InOutDraft) => void;
  /** The period's problem, already translated, shown under the end date. */
  periodError: string | null;
  onView: () => void;
  onExport: () => void;
  viewing: boolean;
  exporting: boolean;
}

const FIELD: CSSProperties = { flex: '1 1 170px', minWidth: 0, marginBottom: 0 };
const WIDE_FIELD: CSSProperties = { ...FIELD, flex: '1 1 205px' };
/** The supplier: narrower, so the five filters stay on one line of an office PC's 1366 px. */
const NARROW_FIELD: CSSProperties = { ...FIELD, flex: '1 1 150px' };

const toDay = (value: dayjs.Dayjs | null) => (value ? value.format(API_DATE_FORMAT) : null);

/** Start and end dates, licence, product and supplier, with View report and Export (SPEC.md section 2). */
export function InOutFilters({
  draft,
  onChange,
  periodError,
  onView,
  onExport,
  viewing,
  exporting,
}: InOutFiltersProps) {
  const { t } = useTranslation();
  const cardSize = useCardSize();
  const products = useReportProducts();
  const set = (patch: Partial<InOutDraft>) => onChange({ ...draft, ...patch });

  const productOptions = [
    { value: 0, label: t('reports.inOut.allProducts') },
    ...(products.data ?? []).map((p) => ({
      value: p.id,
      label: p.active ? p.name : t('reports.inOut.retiredProduct', { name: p.name }),
    })),
  ];

  return (
    <Card size={cardSize}>
      <Form
        layout="vertical"
        component="div"
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.target as HTMLElement).id === 'inout-licence') onView();
        }}
      >
        <Flex gap={16} wrap align="flex-start">
          <Form.Item
            label={t('reports.period.start')}
            htmlFor="inout-start"
            style={FIELD}
            validateStatus={periodError && !draft.start ? 'error' : undefined}
          >
            <DatePicker
              id="inout-start"
              value={draft.start ? dayjs(draft.start) : null}
              onChange={(value) => set({ start: toDay(value) })}
              allowClear={false}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            label={t('reports.period.finish')}
            htmlFor="inout-finish"
            style={FIELD}
            validateStatus={periodError ? 'error' : undefined}
            help={periodError}
          >
            <DatePicker
              id="inout-finish"
              value={draft.finish ? dayjs(draft.finish) : null}
              onChange={(value) => set({ finish: toDay(value) })}
              allowClear={false}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item label={t('reports.inOut.licence')} htmlFor="inout-licence" style={WIDE_FIELD}>
            <Input
              id="inout-licence"
              value={draft.licence}
              onChange={(event) => set({ licence: event.target.value })}
              placeholder={t('reports.inOut.licencePlaceholder')}
              maxLength={20}
              allowClear
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item
            label={t('reports.inOut.product')}
            htmlFor="inout-product"
            style={WIDE_FIELD}
            validateStatus={products.isError ? 'warning' : undefined}
            help={products.isError ? t('reports.inOut.productsFailed') : undefined}
          >
            <Select
              id="inout-product"
              value={draft.product}
              onChange={(product) => set({ product })}
              options={productOptions}
              loading={products.isPending}
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={false}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <SupplierFilter
            id="inout-supplier"
            value={draft.supplier}
            onChange={(supplier) => set({ supplier })}
            style={NARROW_FIELD}
          />
        </Flex>
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          <Button type="primary" icon={<SearchOutlined aria-hidden />} loading={viewing} onClick={onView}>
            {t('reports.inOut.view')}
          </Button>
          <Button icon={<FileExcelOutlined aria-hidden />} loading={exporting} onClick={onExport}>
            {t('reports.export.button')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

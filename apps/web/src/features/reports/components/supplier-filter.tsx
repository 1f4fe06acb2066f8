import { useState } from 'react';
import { Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listSuppliers } from '@truck-queue/shared/contracts/supplier.contract';
import { callApi } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** How many suppliers the filter offers for what is typed (the list is searched on the server). */
const OFFERED = 20;

interface SupplierFilterProps {
  id: string;
  /** 0: every truck. */
  value: number;
  onChange: (supplierId: number) => void;
  style?: React.CSSProperties;
}

/**
 * A report's supplier filter (issue 39): a supplier found by its code or name as the officer
 * types, inactive ones too (a report looks back); cleared, every truck.
 */
export function SupplierFilter({ id, value, onChange, style }: SupplierFilterProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const find = useDebouncedValue(typed.trim(), 250);
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const found = useQuery({
    queryKey: ['reports', 'suppliers', find],
    queryFn: ({ signal }) =>
      callApi(listSuppliers, { find, include_inactive: true, page_size: OFFERED }, { signal }),
    staleTime: 60_000,
  });
  const options = (found.data?.suppliers ?? []).map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }));
  // The chosen one stays named while another search is shown.
  if (chosen && value === chosen.value && !options.some((o) => o.value === chosen.value))
    options.unshift(chosen);
  return (
    <Form.Item
      label={t('reports.supplierFilter.label')}
      htmlFor={id}
      style={style}
      validateStatus={found.isError ? 'warning' : undefined}
      help={found.isError ? t('reports.supplierFilter.failed') : undefined}
    >
      <Select<number>
        id={id}
        showSearch={{ filterOption: false, onSearch: setTyped }}
        allowClear
        value={value === 0 ? undefined : value}
        placeholder={t('reports.supplierFilter.all')}
        onChange={(next) => {
          const picked = options.find((o) => o.value === next);
          setChosen(picked ?? null);
          onChange(next ?? 0);
        }}
        options={options}
        loading={found.isFetching}
        notFoundContent={found.isFetching ? undefined : t('reports.supplierFilter.none')}
        popupMatchSelectWidth={false}
      />
    </Form.Item>
  );
}

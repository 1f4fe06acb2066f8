import { useEffect, useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupplierChoice } from '@truck-queue/shared/contracts/supplier.contract';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useFindSupplier } from './api/use-suppliers.ts';

/** How the ticket's supplier was chosen: not at all, by the officer, or by the typed plate. */
export type SupplierPick = { id: number | null; by: 'officer' } | { id: number; by: 'plate' } | null;

/** What issueQueue's supplier_id is for a pick: left out (the server finds it by plate), null (none) or the id. */
export function supplierIdOf(pick: SupplierPick): { supplier_id?: number | null } {
  if (pick === null) return {};
  return { supplier_id: pick.id };
}

/**
 * The New ticket dialog's supplier: searched by code or name as the officer types; and when the
 * typed plate belongs to a supplier, chosen by itself (and said so) until the officer picks another.
 */
export function SupplierPicker({
  id,
  licence,
  value,
  onChange,
}: {
  id?: string;
  /** The ticket's licence once it reads as one; '' until then. */
  licence: string;
  value: SupplierPick;
  onChange: (pick: SupplierPick) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const find = useDebouncedValue(search.trim(), 250);
  const plate = useDebouncedValue(licence, 300);
  const byPlate = useFindSupplier('', plate, plate !== '');
  const searched = useFindSupplier(find, '', find !== '');
  const owner =
    plate !== '' && !byPlate.isPlaceholderData ? byPlate.data?.find((s) => s.owns_plate) : undefined;

  // The plate's owner is chosen by itself, unless the officer chose (or cleared) the supplier.
  useEffect(() => {
    if (value?.by === 'officer') return;
    if (owner && value?.id !== owner.id) onChange({ id: owner.id, by: 'plate' });
    else if (!owner && value?.by === 'plate' && !byPlate.isFetching) onChange(null);
  }, [owner, value, onChange, byPlate.isFetching]);

  const known = new Map<number, SupplierChoice>();
  for (const choice of [...(owner ? [owner] : []), ...(find !== '' ? (searched.data ?? []) : [])])
    known.set(choice.id, choice);
  const options = [...known.values()].map((choice) => ({
    value: choice.id,
    label: `${choice.code} · ${choice.name}`,
    choice,
  }));
  const chosen = value?.id ?? undefined;

  return (
    <Flex vertical gap={4}>
      <Select<number>
        id={id}
        allowClear
        value={chosen}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        placeholder={t('suppliers.picker.placeholder')}
        loading={searched.isFetching || byPlate.isFetching}
        notFoundContent={
          find === ''
            ? t('suppliers.picker.typeToFind')
            : searched.isFetching
              ? undefined
              : t('suppliers.picker.none')
        }
        options={options}
        optionRender={(option) => {
          const choice = (option.data as { choice: SupplierChoice }).choice;
          return (
            <Flex vertical>
              <span>{option.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {t(`suppliers.kinds.${choice.kind}`)}
                {choice.leader_name
                  ? ` · ${t('suppliers.picker.underLeader', { name: choice.leader_name })}`
                  : ''}
              </Typography.Text>
            </Flex>
          );
        }}
        onChange={(picked) => onChange({ id: picked ?? null, by: 'officer' })}
        onBlur={() => setSearch('')}
        data-testid="ticket-supplier"
      />
      {value?.by === 'plate' && owner && (
        <Typography.Text type="success" data-testid="ticket-supplier-by-plate">
          {t('suppliers.picker.byPlate', { code: owner.code, name: owner.name })}
        </Typography.Text>
      )}
    </Flex>
  );
}

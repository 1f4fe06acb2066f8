import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Divider, Empty, Flex, Modal, Result, Spin, Typography, theme } from 'antd';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/errors.ts';
import { QuickAdd, type QuickAddTexts } from '../../catalog/components/quick-add.tsx';
import type { Choice } from '../api/choices.ts';

/** The words of one checkbox dialog, already translated. */
export interface ChoiceTexts {
  /** Above the list: what ticking means. */
  hint: string;
  selectAll: string;
  selectedCount: (selected: number, total: number) => string;
  loadFailed: string;
  /** When the branch has nothing to choose from yet. */
  empty: string;
  /** Where to create the items, and the link's label. */
  emptyLink: { to: string; label: string };
}

type ChoicesOptions = UseQueryOptions<Choice[], Error, Choice[], readonly unknown[]>;

/** An item the branch does not have yet, created from the dialog and ticked at once. */
export interface ChoiceQuickAdd {
  texts: QuickAddTexts;
  /** Creates it by name (the catalog's save call); resolves with its id. */
  create: (name: string) => Promise<number>;
}

interface ChoiceDialogProps {
  open: boolean;
  /** The choices of the row being edited (kept while the dialog fades out). */
  choices: ChoicesOptions | null;
  title: ReactNode;
  texts: ChoiceTexts;
  saving: boolean;
  saveError: unknown;
  /** Offered below the list (and when it is empty): add a new item without leaving. */
  quickAdd?: ChoiceQuickAdd | undefined;
  /** Every ticked id, in the list's order. */
  onSave: (ids: number[]) => void;
  onClose: () => void;
}

/** Assign queue types or stations by ticking them; the list loads fresh on every opening. */
export function ChoiceDialog({
  open,
  choices,
  title,
  texts,
  saving,
  saveError,
  quickAdd,
  onSave,
  onClose,
}: ChoiceDialogProps) {
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      {choices && (
        <ChoiceList
          key={JSON.stringify(choices.queryKey)}
          options={choices}
          texts={texts}
          saving={saving}
          saveError={saveError}
          quickAdd={quickAdd}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ChoiceList({
  options,
  texts,
  saving,
  saveError,
  quickAdd,
  onSave,
  onClose,
}: Omit<ChoiceDialogProps, 'open' | 'choices' | 'title'> & { options: ChoicesOptions }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useQuery(options);
  /** null until the officer ticks something: then the server's ticks apply. */
  const [picked, setPicked] = useState<number[] | null>(null);

  if (query.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (query.isError) {
    return (
      <Result
        status="error"
        title={texts.loadFailed}
        subTitle={errorMessage(t, query.error)}
        extra={<Button onClick={() => void query.refetch()}>{t('common.reload')}</Button>}
      />
    );
  }

  const items = query.data;
  const selected = picked ?? items.filter((c) => c.selected).map((c) => c.id);
  // Created, then the list read again so the new item is there, ticked with the others.
  const adder = quickAdd && (
    <QuickAdd
      texts={quickAdd.texts}
      existingNames={items.map((c) => c.name)}
      onAdd={async (name) => {
        const id = await quickAdd.create(name);
        await query.refetch();
        setPicked([...selected, id]);
      }}
    />
  );

  if (items.length === 0) {
    return (
      <Flex vertical gap={16} style={{ paddingBlock: 24 }}>
        <Flex vertical align="center">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={texts.empty}
            style={{ marginBottom: 16 }}
          />
          <Link to={texts.emptyLink.to}>{texts.emptyLink.label}</Link>
        </Flex>
        {adder}
      </Flex>
    );
  }

  const allTicked = selected.length === items.length;
  const ordered = () => items.filter((c) => selected.includes(c.id)).map((c) => c.id);

  return (
    <Flex vertical gap={12} style={{ marginTop: 8 }}>
      <Typography.Text type="secondary">{texts.hint}</Typography.Text>
      {saveError !== null && saveError !== undefined && (
        <Alert type="error" showIcon title={errorMessage(t, saveError)} />
      )}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Checkbox
          checked={allTicked}
          indeterminate={selected.length > 0 && !allTicked}
          onChange={(event) => setPicked(event.target.checked ? items.map((c) => c.id) : [])}
        >
          {texts.selectAll}
        </Checkbox>
        <Typography.Text type="secondary">
          {texts.selectedCount(selected.length, items.length)}
        </Typography.Text>
      </Flex>
      <Divider style={{ margin: 0 }} />
      <Checkbox.Group
        value={selected}
        onChange={(values) => setPicked(values)}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: `${token.paddingXS}px ${token.padding}px`,
          maxHeight: '50vh',
          overflowY: 'auto',
          paddingBlock: 4,
        }}
      >
        {items.map((item) => (
          <Checkbox key={item.id} value={item.id}>
            {item.name}
          </Checkbox>
        ))}
      </Checkbox.Group>
      {adder}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => onSave(ordered())}>
          {t('common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}

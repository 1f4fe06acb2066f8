import { useId, useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasHiddenCharacter, startsLikeFormula } from '@truck-queue/shared/typed-text';
import { errorMessage } from '../../../../lib/errors.ts';
import { NAME_MAX, sameName } from '../catalog-rules.ts';

/** The words of one quick add, already translated. */
export interface QuickAddTexts {
  /** The link that opens the field: "add a new product". */
  open: string;
  /** The field's label (read by screen readers and shown above it). */
  label: string;
  placeholder: string;
  /** The spec's "name required" message of this kind of item. */
  required: string;
  /** Under the field: what else the new item needs, if anything. */
  hint?: string | undefined;
}

interface QuickAddProps {
  texts: QuickAddTexts;
  /** Names of the branch's items of this kind: a name may be used once. */
  existingNames: readonly string[];
  /** Creates the item with the trimmed name (the page's usual save call); rejects with the server's refusal. */
  onAdd: (name: string) => Promise<unknown>;
}

/**
 * Adds a product or a station by name from the dialog that needs it, without leaving it: a link
 * that opens one field and its Add button (Enter adds too). No form of its own, so it also sits
 * inside another dialog's form.
 */
export function QuickAdd({ texts, existingNames, onAdd }: QuickAddProps) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!open) {
    return (
      <Button
        type="link"
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setOpen(true)}
        style={{ paddingInline: 0, alignSelf: 'flex-start' }}
      >
        {texts.open}
      </Button>
    );
  }

  const add = async () => {
    if (saving) return;
    const trimmed = name.trim();
    const refusal = !trimmed
      ? texts.required
      : startsLikeFormula(trimmed)
        ? t('common.startsLikeFormula')
        : hasHiddenCharacter(trimmed)
          ? t('common.hiddenCharacters')
          : existingNames.some((other) => sameName(other, trimmed))
            ? t('errors.reasons.NAME_TAKEN')
            : null;
    setProblem(refusal);
    if (refusal) return;
    setSaving(true);
    try {
      await onAdd(trimmed);
      setName('');
      setOpen(false);
    } catch (error) {
      setProblem(errorMessage(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={4}>
      <label htmlFor={fieldId}>
        <Typography.Text strong>{texts.label}</Typography.Text>
      </label>
      <Flex gap={8}>
        <Input
          id={fieldId}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onPressEnter={(event) => {
            // Inside another dialog's form, Enter adds the item and does not submit that form.
            event.preventDefault();
            void add();
          }}
          placeholder={texts.placeholder}
          maxLength={NAME_MAX}
          status={problem ? 'error' : undefined}
          aria-invalid={problem !== null}
          autoFocus
          autoComplete="off"
        />
        <Button type="primary" ghost loading={saving} onClick={() => void add()}>
          {t('catalog.quickAdd.add')}
        </Button>
        {/* An icon, not a second "cancel" above the dialog's own. */}
        <Button
          type="text"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t('common.cancel')}
          title={t('common.cancel')}
          onClick={() => {
            setOpen(false);
            setName('');
            setProblem(null);
          }}
        />
      </Flex>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      {texts.hint && <Typography.Text type="secondary">{texts.hint}</Typography.Text>}
    </Flex>
  );
}

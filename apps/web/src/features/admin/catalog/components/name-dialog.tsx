import { useState, type ReactNode } from 'react';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { noFormulaRule } from '../../../../lib/form-rules.ts';
import { NAME_MAX, sameName } from '../catalog-rules.ts';

export interface NameDialogTexts {
  title: string;
  label: string;
  placeholder: string;
  /** The spec's "name required" message of this kind of item. */
  required: string;
  hint?: ReactNode;
}

interface NameDialogProps {
  open: boolean;
  texts: NameDialogTexts;
  /** The current name when renaming; undefined when adding. */
  initialName: string | undefined;
  /** Names of the branch's other items of this kind: a name may be used once. */
  otherNames: readonly string[];
  saving: boolean;
  /** Saves the trimmed name; resolves when saved (the dialog is then closed by the page). */
  onSave: (name: string) => Promise<unknown>;
  onClose: () => void;
}

interface NameValues {
  name: string;
}

/** Add or rename a product or a station: one required name, trimmed, unique in the branch. */
export function NameDialog({
  open,
  texts,
  initialName,
  otherNames,
  saving,
  onSave,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NameValues>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = ({ name }: NameValues) => {
    if (saving) return;
    const trimmed = name.trim();
    setFailure(null);
    if (initialName !== undefined && trimmed === initialName.trim()) {
      onClose();
      return;
    }
    onSave(trimmed).catch((error: unknown) => {
      if (isApiRequestError(error) && error.detail.reason === 'NAME_TAKEN') {
        form.setFields([{ name: 'name', errors: [errorMessage(t, error)] }]);
      } else {
        setFailure(errorMessage(t, error));
      }
    });
  };

  return (
    <FormDialog<NameValues>
      open={open}
      title={texts.title}
      form={form}
      initialValues={{ name: initialName ?? '' }}
      onFinish={submit}
      onCancel={onClose}
      loading={saving}
      afterClose={() => setFailure(null)}
      width={480}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBlock: 8 }} />}
      <Form.Item
        name="name"
        label={texts.label}
        extra={texts.hint}
        style={{ marginTop: 16, marginBottom: 8 }}
        rules={[
          { required: true, whitespace: true, message: texts.required },
          noFormulaRule(t),
          {
            validator: (_rule, value: string | undefined) => {
              const trimmed = value?.trim() ?? '';
              if (trimmed && otherNames.some((other) => sameName(other, trimmed))) {
                return Promise.reject(new Error(t('errors.reasons.NAME_TAKEN')));
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input placeholder={texts.placeholder} maxLength={NAME_MAX} autoFocus autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}

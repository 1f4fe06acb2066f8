import { useState, type ReactNode } from 'react';
import { Alert, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { errorMessage } from '../../../../lib/errors.ts';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { typedTextRule } from '../../../../lib/form-rules.ts';
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
  /** A yes/no the item also has (a station: is it a weighbridge), ticked as `initial`. */
  flag?: { label: string; hint: string; initial: boolean } | undefined;
  /** Saves the trimmed name (and the flag, when there is one); resolves when saved (the page then closes the dialog). */
  onSave: (name: string, flag: boolean) => Promise<unknown>;
  onClose: () => void;
}

interface NameValues {
  name: string;
  flag: boolean;
}

/** Add or rename a product or a station: one required name, trimmed, unique in the branch. */
export function NameDialog({
  open,
  texts,
  initialName,
  otherNames,
  saving,
  flag,
  onSave,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NameValues>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = ({ name, flag: ticked }: NameValues) => {
    if (saving) return;
    const trimmed = name.trim();
    const flagged = flag ? ticked : false;
    setFailure(null);
    if (initialName !== undefined && trimmed === initialName.trim() && flagged === (flag?.initial ?? false)) {
      onClose();
      return;
    }
    onSave(trimmed, flagged).catch((error: unknown) => {
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
      initialValues={{ name: initialName ?? '', flag: flag?.initial ?? false }}
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
          typedTextRule(t),
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
      {flag && (
        <Form.Item name="flag" valuePropName="checked" extra={flag.hint} style={{ marginBottom: 8 }}>
          <Checkbox>{flag.label}</Checkbox>
        </Form.Item>
      )}
    </FormDialog>
  );
}

import type { ReactNode } from 'react';
import { Button, Flex, Form, Modal, theme, type FormInstance, type FormProps } from 'antd';
import { useTranslation } from 'react-i18next';

interface FormDialogProps<V> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  initialValues?: FormProps<V>['initialValues'];
  /** Called with the fields once they pass their rules (OK or Enter). */
  onFinish: (values: V) => void;
  onCancel: () => void;
  /** The OK button's words: "Save" unless told. */
  okText?: string;
  /**
   * The other button's words: "Cancel" unless told; "Close" where the OK button itself says
   * cancel (void a ticket), so the two never read alike.
   */
  cancelText?: string;
  /** The OK button spins (and a second submit is the caller's to ignore). */
  loading: boolean;
  danger?: boolean;
  okDisabled?: boolean;
  /** antd's 520 unless told. */
  width?: number;
  afterClose?: () => void;
  children: ReactNode;
}

/**
 * A dialog that is one form: its fields in the body, Cancel and OK (a submit button, so Enter
 * in a field sends too) in the footer. Fields are laid out vertically without required marks,
 * and are gone with the dialog once it closes, so it opens afresh on `initialValues`.
 */
export function FormDialog<V>({
  open,
  title,
  form,
  initialValues,
  onFinish,
  onCancel,
  okText,
  cancelText,
  loading,
  danger,
  okDisabled,
  width,
  afterClose,
  children,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      okText={okText ?? t('common.save')}
      cancelText={cancelText ?? t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', loading, danger, disabled: okDisabled }}
      destroyOnHidden
      afterClose={afterClose}
      width={width}
      modalRender={(dom) => (
        <Form<V>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          // Enter while the call is in flight sends nothing more: one save per click or key.
          onFinish={(values) => {
            if (!loading) onFinish(values);
          }}
          clearOnDestroy
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}

interface FormButtonsProps {
  onCancel: () => void;
  /** The submit button's words: "Save" unless told. */
  okText?: string;
  loading: boolean;
  disabled?: boolean;
}

/**
 * Cancel and submit under the fields of a form that sits in a dialog's body (the dialog has no
 * footer): stuck to the bottom of the body, so a form taller than the window scrolls under them.
 */
export function FormButtons({ onCancel, okText, loading, disabled }: FormButtonsProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      justify="flex-end"
      gap={8}
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        marginTop: 8,
        paddingBlock: 8,
        background: token.colorBgElevated,
      }}
      data-testid="form-buttons"
    >
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={loading} disabled={disabled}>
        {okText ?? t('common.save')}
      </Button>
    </Flex>
  );
}

import { useState } from 'react';
import { Alert, App, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfficerRow } from '@truck-queue/shared/contracts/officer.contract';
import {
  grantsGuardedRole,
  isAdminRoles,
  PRIMARY_ROLE_IDS,
  ROLE,
  type RoleId,
} from '@truck-queue/shared/roles';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { errorMessage } from '../../../../lib/errors.ts';
import { isPasswordRefusal, newPasswordRule, typedTextRule } from '../../../../lib/form-rules.ts';
import { PASSWORD_MIN_LENGTH } from '@truck-queue/shared/password-rule';
import { isValidUsername, normalizeLogin, USERNAME_MAX } from '@truck-queue/shared/login';
import { useAccess } from '../../../auth/api/use-access.ts';
import { useRetained } from '../../controllers/components/use-retained.ts';
import { useSaveOfficer } from '../api/use-save-officer.ts';
import { isSuperAdmin, joinRoles, splitRoles } from '../roles.ts';
import { FormButtons } from '../../../../components/form-dialog.tsx';

interface OfficerFormValues {
  name: string;
  lastname: string;
  email: string;
  username: string;
  role: RoleId | undefined;
  branchSwitch: boolean;
  /** Only when creating (an unmounted field is absent from the values). */
  password?: string | undefined;
}

/** What the dialog edits: a new officer, an existing one, or nothing (closed). */
export type OfficerFormTarget = { mode: 'create' } | { mode: 'edit'; officer: OfficerRow } | null;

interface OfficerFormDialogProps {
  target: OfficerFormTarget;
  onClose: () => void;
  /** An officer was just given SuperAdmin or the branch switch: their password must be set anew. */
  onPromoted: (officer: OfficerRow) => void;
}

/**
 * Add or edit an officer: name, last name, e-mail and/or username (one of them to sign in with),
 * role (+ branch switch), and a password when new.
 */
export function OfficerFormDialog({ target, onClose, onPromoted }: OfficerFormDialogProps) {
  const { t } = useTranslation();
  const shown = useRetained(target);
  return (
    <Modal
      open={target !== null}
      title={shown?.mode === 'edit' ? t('admin.users.form.editTitle') : t('admin.users.form.createTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={560}
    >
      {shown && <OfficerForm target={shown} onClose={onClose} onPromoted={onPromoted} />}
    </Modal>
  );
}

function OfficerForm({
  target,
  onClose,
  onPromoted,
}: Omit<OfficerFormDialogProps, 'target'> & { target: NonNullable<OfficerFormTarget> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OfficerFormValues>();
  const save = useSaveOfficer();
  const { data: access } = useAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const editing = target.mode === 'edit' ? target.officer : null;
  const current = editing ? splitRoles(editing.roles) : null;
  const role = Form.useWatch('role', form);
  const editingSelf = editing !== null && editing.uuid === access?.officer.uuid;
  const losingAdmin = editingSelf && role !== undefined && !isAdminRoles(role);
  /** Only a SuperAdmin may give or take SuperAdmin and the branch switch (the server enforces it). */
  const mayGuard = isSuperAdmin(access?.officer.roles);
  const roleLocked = !mayGuard && current?.primary === ROLE.superAdmin;

  const submit = (values: OfficerFormValues) => {
    if (save.isPending || values.role === undefined) return;
    setFailure(null);
    const fields = {
      name: values.name.trim(),
      lastname: values.lastname.trim(),
      email: values.email.trim(),
      username: normalizeLogin(values.username),
      roles: joinRoles(values.role, values.branchSwitch),
    };
    save.mutate(
      editing ? { uuid: editing.uuid, ...fields } : { ...fields, password: values.password ?? '' },
      {
        onSuccess: () => {
          onClose();
          // The server replaced the password of an officer given a guarded role (someone else
          // may have known it): the SuperAdmin sets a new one right away.
          if (editing && !editingSelf && grantsGuardedRole(editing.roles, fields.roles)) {
            void message.info(t('admin.users.promotedSetPassword'), 8);
            onPromoted({ ...editing, ...fields });
          } else {
            void message.success(t('admin.users.saved'));
          }
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.detail.reason === 'EMAIL_TAKEN') {
            form.setFields([{ name: 'email', errors: [errorMessage(t, error)] }]);
          } else if (isApiRequestError(error) && error.detail.reason === 'USERNAME_TAKEN') {
            form.setFields([{ name: 'username', errors: [errorMessage(t, error)] }]);
          } else if (isPasswordRefusal(error)) {
            form.setFields([{ name: 'password', errors: [errorMessage(t, error)] }]);
          } else {
            setFailure(errorMessage(t, error));
          }
        },
      },
    );
  };

  const roleOptions = PRIMARY_ROLE_IDS.map((id) => ({
    value: id,
    label: t(`admin.roles.${id}`),
    hint: t(`admin.users.roleHints.${id}`),
    disabled: !mayGuard && id === ROLE.superAdmin,
  }));

  return (
    <Form<OfficerFormValues>
      form={form}
      name="officer"
      layout="vertical"
      requiredMark={false}
      initialValues={{
        name: editing?.name ?? '',
        lastname: editing?.lastname ?? '',
        email: editing?.email ?? '',
        username: editing?.username ?? '',
        role: current?.primary,
        branchSwitch: current?.branchSwitch ?? false,
        password: '',
      }}
      onFinish={submit}
      style={{ marginTop: 16 }}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="name"
            label={t('admin.users.form.name')}
            rules={[
              { required: true, whitespace: true, message: t('admin.users.form.nameRequired') },
              typedTextRule(t),
            ]}
          >
            <Input maxLength={100} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="lastname"
            label={t('admin.users.form.lastname')}
            rules={[
              { required: true, whitespace: true, message: t('admin.users.form.lastnameRequired') },
              typedTextRule(t),
            ]}
          >
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            name="email"
            label={t('admin.users.form.email')}
            dependencies={['username']}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  (value ?? '') !== '' || normalizeLogin(String(form.getFieldValue('username') ?? '')) !== ''
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('admin.users.form.loginRequired'))),
              },
              { type: 'email', message: t('admin.users.form.emailInvalid') },
            ]}
            normalize={(value: string) => value.trim()}
          >
            <Input type="email" maxLength={254} autoComplete="off" placeholder="name@example.com" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item
            name="username"
            label={t('admin.users.form.username')}
            extra={t('admin.users.form.usernameHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const username = normalizeLogin(value ?? '');
                  return username === '' || isValidUsername(username)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('admin.users.form.usernameInvalid')));
                },
              },
            ]}
            normalize={(value: string) => value.trim()}
          >
            <Input
              maxLength={USERNAME_MAX}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="somchai.k"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="role"
        label={t('admin.users.form.role')}
        rules={[{ required: true, message: t('admin.users.form.roleRequired') }]}
        extra={
          roleLocked ? (
            t('admin.users.form.guardedHint')
          ) : current && current.others.length > 0 ? (
            <Typography.Text type="warning">
              {t('admin.users.form.extraRoles', {
                roles: current.others.map((id) => t(`admin.roles.${id}`)).join(', '),
              })}
            </Typography.Text>
          ) : undefined
        }
      >
        <Select
          disabled={roleLocked}
          placeholder={t('admin.users.form.rolePlaceholder')}
          options={roleOptions}
          optionRender={(option) => (
            <Flex vertical>
              <span>{option.data.label}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal' }}>
                {option.data.hint}
              </Typography.Text>
            </Flex>
          )}
        />
      </Form.Item>
      <Form.Item
        name="branchSwitch"
        valuePropName="checked"
        extra={
          mayGuard
            ? t('admin.users.form.branchSwitchHint')
            : roleLocked
              ? undefined
              : t('admin.users.form.guardedHint')
        }
        style={{ marginTop: -8 }}
      >
        <Checkbox disabled={!mayGuard}>{t('admin.users.form.branchSwitch')}</Checkbox>
      </Form.Item>
      {losingAdmin && (
        <Alert
          type="warning"
          showIcon
          title={t('admin.users.form.selfDemote')}
          style={{ marginBottom: 16 }}
        />
      )}
      {!editing && (
        <Form.Item
          name="password"
          label={t('admin.users.form.password')}
          dependencies={['email', 'username']}
          rules={[
            { required: true, message: t('admin.users.form.passwordRequired') },
            newPasswordRule(t, () => [
              String(form.getFieldValue('email') ?? ''),
              normalizeLogin(String(form.getFieldValue('username') ?? '')),
            ]),
          ]}
          extra={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
        >
          <Input.Password maxLength={200} autoComplete="new-password" />
        </Form.Item>
      )}
      <FormButtons onCancel={onClose} loading={save.isPending} />
    </Form>
  );
}

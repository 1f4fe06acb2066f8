import { useState } from 'react';
import { Alert, App, Flex, Form, Input, Radio, Segmented, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import { FLOW_ENGINE, isFlowEngineId, type FlowEngineId } from '@truck-queue/shared/queue/queue-machine';
import { FormDialog } from '../../../../components/form-dialog.tsx';
import { errorCodeOf, errorMessage } from '../../../../lib/errors.ts';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import {
  firstQueueNumber,
  normalisePrefix,
  PREFIX_MAX,
  PREFIX_PATTERN,
  QUEUE_TYPE_NAME_MAX,
  sameName,
} from '../catalog-rules.ts';
import { useMasterQueueTypes } from '../api/use-master-queue-types.ts';
import { useSaveBranchQueueType, type SaveBranchQueueTypeInput } from '../api/use-save-branch-queue-type.ts';
import { FlowTag } from './flow-tag.tsx';

/** Adding: a type from the master list, or one the admin names on a flow it picks. */
type AddMode = 'master' | 'own';

interface QueueTypeValues {
  mode: AddMode;
  queueType: number | undefined;
  name: string;
  flow: FlowEngineId | undefined;
  prefix: string;
}

interface QueueTypeDialogProps {
  open: boolean;
  /** The queue type whose prefix changes; undefined when adding one. */
  editing: BranchQueueType | undefined;
  /** The branch's queue types: a type and a prefix are used once per branch. */
  branchTypes: readonly BranchQueueType[];
  onClose: () => void;
  onSaved: () => void;
}

const FLOW_ORDER: readonly FlowEngineId[] = [FLOW_ENGINE.general, FLOW_ENGINE.standard, FLOW_ENGINE.lab];

/**
 * Add a queue type to the branch (picked from the master list, or named by the admin on a flow
 * it picks) with its prefix, or rename one and change its prefix: the flow cannot change once
 * defined (SPEC.md section 5; docs/decisions.md, "Queue types a plant names").
 */
export function QueueTypeDialog({ open, editing, branchTypes, onClose, onSaved }: QueueTypeDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<QueueTypeValues>();
  const adding = editing === undefined;
  const master = useMasterQueueTypes(open && adding);
  const save = useSaveBranchQueueType();
  const [failure, setFailure] = useState<string | null>(null);
  const chosenId = Form.useWatch('queueType', form);
  const mode = Form.useWatch('mode', form) ?? 'master';
  const chosenOwnFlow = Form.useWatch('flow', form);
  const prefix = Form.useWatch('prefix', form) ?? '';

  const others = branchTypes.filter((row) => row.uuid !== editing?.uuid);
  const takenTypeIds = new Set(others.map((row) => row.queue_type_id));
  const chosenFlow = !adding
    ? editing.flow_engine_id
    : mode === 'own'
      ? chosenOwnFlow
      : master.data?.find((type) => type.id === chosenId)?.flow_engine_id;

  const typeOptions = FLOW_ORDER.map((flow) => ({
    label: t(`flowEngine.${flow}`),
    title: t(`flowEngine.${flow}`),
    options: (master.data ?? [])
      .filter((type) => type.flow_engine_id === flow)
      .map((type) => ({
        value: type.id,
        disabled: takenTypeIds.has(type.id),
        label: takenTypeIds.has(type.id)
          ? t('catalog.defineQueue.typeAlreadyDefined', { name: type.name })
          : type.name,
      })),
  })).filter((group) => group.options.length > 0);
  const unknownFlowTypes = (master.data ?? []).filter((type) => !isFlowEngineId(type.flow_engine_id));
  if (unknownFlowTypes.length > 0) {
    typeOptions.push({
      label: t('catalog.defineQueue.otherFlows'),
      title: t('catalog.defineQueue.otherFlows'),
      options: unknownFlowTypes.map((type) => ({
        value: type.id,
        disabled: takenTypeIds.has(type.id),
        label: type.name,
      })),
    });
  }

  const refused = (error: unknown) => {
    const reason = isApiRequestError(error) ? error.detail.reason : undefined;
    const text = errorMessage(t, error);
    // The spec's "status 0: alert with the message": the server refused the save, say why.
    modal.warning({
      title: t('catalog.defineQueue.saveRefused'),
      content: text,
      okText: t('catalog.common.ok'),
    });
    if (reason === 'PREFIX_TAKEN') form.setFields([{ name: 'prefix', errors: [text] }]);
    if (reason === 'QUEUE_TYPE_TAKEN') form.setFields([{ name: 'queueType', errors: [text] }]);
    if (reason === 'NAME_TAKEN') form.setFields([{ name: 'name', errors: [text] }]);
  };

  const submit = (values: QueueTypeValues) => {
    if (save.isPending) return;
    setFailure(null);
    const newPrefix = normalisePrefix(values.prefix);
    const name = values.name?.trim().replace(/\s+/g, ' ') ?? '';
    let body: SaveBranchQueueTypeInput;
    if (!adding) {
      const renamed = name !== '' && name !== editing.queue_type_name;
      if (!renamed && newPrefix === editing.prefix) {
        onClose();
        return;
      }
      body = { uuid: editing.uuid, prefix: newPrefix, ...(renamed ? { name } : {}) };
    } else if (values.mode === 'own') {
      if (values.flow === undefined) return;
      body = { name, flow_engine_id: values.flow, prefix: newPrefix, status: '1' };
    } else {
      if (values.queueType === undefined) return;
      body = { queue_type: values.queueType, prefix: newPrefix, status: '1' };
    }
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (errorCodeOf(error) === 'CONFLICT') refused(error);
        else setFailure(errorMessage(t, error));
      },
    });
  };

  /** A name the branch already uses for another queue type (the server checks the master list too). */
  const nameRule = {
    validator: (_rule: unknown, value: string | undefined) =>
      value && others.some((row) => sameName(row.queue_type_name, value))
        ? Promise.reject(new Error(t('errors.reasons.NAME_TAKEN')))
        : Promise.resolve(),
  };
  const nameInput = (
    <Input
      placeholder={t('catalog.defineQueue.namePlaceholder')}
      maxLength={QUEUE_TYPE_NAME_MAX}
      autoComplete="off"
      autoFocus={!adding}
    />
  );
  const flowHelp = chosenFlow !== undefined && (
    <Flex gap={6} align="baseline" wrap style={{ marginTop: 4 }}>
      <FlowTag flowEngineId={chosenFlow} />
      {isFlowEngineId(chosenFlow) && <span>{t(`catalog.flowHelp.${chosenFlow}`)}</span>}
    </Flex>
  );

  const validPrefix = PREFIX_PATTERN.test(prefix);

  return (
    <FormDialog<QueueTypeValues>
      open={open}
      title={adding ? t('catalog.defineQueue.addTitle') : t('catalog.defineQueue.editTitle')}
      form={form}
      initialValues={{
        mode: 'master',
        queueType: editing?.queue_type_id,
        name: editing?.queue_type_name ?? '',
        flow: undefined,
        prefix: editing?.prefix ?? '',
      }}
      onFinish={submit}
      onCancel={onClose}
      loading={save.isPending}
      afterClose={() => {
        setFailure(null);
        save.reset();
      }}
      width={520}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBlock: 8 }} />}
      {adding && master.isError && (
        <Alert
          type="error"
          showIcon
          title={t('catalog.defineQueue.typesLoadFailed')}
          description={errorMessage(t, master.error)}
          action={
            <Typography.Link onClick={() => void master.refetch()}>
              {t('catalog.common.retry')}
            </Typography.Link>
          }
          style={{ marginBlock: 8 }}
        />
      )}
      {adding && (
        <Form.Item name="mode" style={{ marginTop: 16, marginBottom: 12 }}>
          <Segmented<AddMode>
            block
            options={[
              { value: 'master', label: t('catalog.defineQueue.fromMaster') },
              { value: 'own', label: t('catalog.defineQueue.ownType') },
            ]}
          />
        </Form.Item>
      )}
      {adding && mode === 'master' && (
        <Form.Item
          name="queueType"
          label={t('catalog.defineQueue.queueType')}
          rules={[{ required: true, message: t('catalog.defineQueue.queueTypeRequired') }]}
          extra={flowHelp || undefined}
        >
          <Select
            placeholder={t('catalog.defineQueue.queueTypePlaceholder')}
            options={typeOptions}
            listHeight={320}
            loading={master.isPending}
            notFoundContent={
              master.isPending ? undefined : (
                <Typography.Text type="secondary">{t('catalog.defineQueue.noMasterTypes')}</Typography.Text>
              )
            }
          />
        </Form.Item>
      )}
      {(mode === 'own' || !adding) && (
        <Form.Item
          name="name"
          label={t('catalog.defineQueue.name')}
          style={adding ? undefined : { marginTop: 16 }}
          rules={[
            { required: true, whitespace: true, message: t('catalog.defineQueue.nameRequired') },
            nameRule,
          ]}
          extra={
            adding ? (
              t('catalog.defineQueue.nameHelp')
            ) : (
              <>
                {flowHelp}
                <div style={{ marginTop: 4 }}>
                  {editing.own_name
                    ? t('catalog.defineQueue.renameNote')
                    : t('catalog.defineQueue.renameMasterNote')}
                </div>
              </>
            )
          }
        >
          {nameInput}
        </Form.Item>
      )}
      {adding && mode === 'own' && (
        <Form.Item
          name="flow"
          label={t('catalog.defineQueue.flow')}
          rules={[{ required: true, message: t('catalog.defineQueue.flowRequired') }]}
          extra={
            <>
              {chosenFlow !== undefined && isFlowEngineId(chosenFlow) && (
                <div>{t(`catalog.flowHelp.${chosenFlow}`)}</div>
              )}
              <div>{t('catalog.defineQueue.flowFixed')}</div>
            </>
          }
        >
          <Radio.Group
            optionType="button"
            options={FLOW_ORDER.map((flow) => ({ value: flow, label: t(`flowEngine.${flow}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="prefix"
        label={t('catalog.defineQueue.prefix')}
        normalize={(value: string | undefined) => normalisePrefix(value ?? '')}
        style={{ marginBottom: 8 }}
        extra={
          <>
            {t('catalog.defineQueue.prefixHelp')}
            {validPrefix && (
              <div>{t('catalog.defineQueue.prefixExample', { first: firstQueueNumber(prefix) })}</div>
            )}
            {!adding && <div>{t('catalog.defineQueue.prefixChangeNote')}</div>}
          </>
        }
        rules={[
          { required: true, message: t('catalog.defineQueue.prefixRequired') },
          {
            validator: (_rule, value: string | undefined) => {
              if (!value) return Promise.resolve();
              if (!PREFIX_PATTERN.test(value)) {
                return Promise.reject(new Error(t('catalog.defineQueue.prefixInvalid', { max: PREFIX_MAX })));
              }
              if (others.some((row) => row.prefix === value)) {
                return Promise.reject(new Error(t('errors.reasons.PREFIX_TAKEN')));
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input
          placeholder={t('catalog.defineQueue.prefixPlaceholder')}
          maxLength={PREFIX_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={!adding}
          style={{ maxWidth: 160, fontWeight: 600, letterSpacing: 1 }}
        />
      </Form.Item>
    </FormDialog>
  );
}

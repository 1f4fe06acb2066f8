import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  Form,
  InputNumber,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Skeleton,
  Typography,
  theme,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BranchQueueType } from '@truck-queue/shared/contracts/catalog.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import {
  checkRule,
  formOf,
  MAX_CLASSES,
  newClass,
  ruleOf,
  ruleSummary,
  serverErrors,
  type ClassForm,
  type RuleErrorKey,
  type RuleErrors,
  type RuleForm,
} from './order-rule-form.ts';
import { useOrderRule, useSaveOrderRule } from './use-order-rule.ts';

interface OrderRuleDialogProps {
  open: boolean;
  queueType: BranchQueueType | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Who goes first in a line: first come, first served, or the admin's rule of classes, caps and waits. */
export function OrderRuleDialog({ open, queueType, onClose, onSaved }: OrderRuleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={
        queueType
          ? t('orderRule.title', { name: queueType.queue_type_name, prefix: queueType.prefix })
          : t('orderRule.open')
      }
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={760}
      style={{ top: 24 }}
    >
      {queueType && <RuleEditor queueType={queueType} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function RuleEditor({
  queueType,
  onClose,
  onSaved,
}: {
  queueType: BranchQueueType;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const query = useOrderRule(queueType.id);
  if (query.isPending || (query.isFetching && !query.isFetchedAfterMount))
    return <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  if (query.isError)
    return (
      <Result
        status="error"
        title={t('orderRule.loadFailed')}
        subTitle={errorMessage(t, query.error)}
        extra={<Button onClick={() => void query.refetch()}>{t('catalog.common.retry')}</Button>}
      />
    );
  return (
    <RuleFormView
      queueTypeId={queueType.id}
      rule={query.data.rule}
      products={query.data.products}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}

function RuleFormView({
  queueTypeId,
  rule,
  products,
  onClose,
  onSaved,
}: {
  queueTypeId: number;
  rule: LineRule | null;
  products: { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const save = useSaveOrderRule();
  const [form, setForm] = useState<RuleForm>(() => formOf(rule));
  // The client's checks show once the admin tries to save; the server's until the next change.
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<RuleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const errors: RuleErrors = { ...(tried ? checkRule(form) : {}), ...fromServer };
  const change = (next: Partial<RuleForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setFromServer({});
  };
  const changeClass = (index: number, next: Partial<ClassForm>) =>
    change({ classes: form.classes.map((c, i) => (i === index ? { ...c, ...next } : c)) });

  const errorText = (key: RuleErrorKey | undefined) => (key ? t(`orderRule.errors.${key}`) : undefined);
  const field = (name: string) => ({
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errorText(errors[name]),
  });

  const submit = () => {
    if (save.isPending) return;
    setTried(true);
    setFailure(null);
    if (Object.keys(checkRule(form)).length > 0) return;
    save.mutate(
      { id_branchQT: queueTypeId, rule: ruleOf(form) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const issues = isApiRequestError(error) ? error.detail.issues : undefined;
          if (isApiRequestError(error) && error.code === 'VALIDATION_FAILED' && issues?.length) {
            setFromServer(serverErrors(issues, form));
            setFailure(t('orderRule.errors.fixFields'));
          } else setFailure(errorMessage(t, error));
        },
      },
    );
  };

  // A product already in another class is not offered again.
  const productOptions = (index: number) => {
    const elsewhere = new Set(form.classes.filter((_c, i) => i !== index).flatMap((c) => c.product_ids));
    return products.map((p) => ({ value: p.id, label: p.name, disabled: elsewhere.has(p.id) }));
  };

  const box = {
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: '12px 14px',
  };
  const section = (title: string, hint: string, body: ReactNode) => (
    <Flex vertical gap={8}>
      <Flex vertical gap={0}>
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {hint}
        </Typography.Text>
      </Flex>
      {body}
    </Flex>
  );
  const ordinary = form.ordinary_share ?? 1;

  const classRow = (c: ClassForm, index: number) => (
    <div key={c.key} style={box} data-testid={`order-class-${index}`}>
      <Flex gap={12} wrap align="flex-start">
        <Form.Item
          label={t('orderRule.className')}
          style={{ flex: '1 1 200px', marginBottom: 8 }}
          {...field(`classes.${index}.name`)}
        >
          <Input
            value={c.name}
            maxLength={40}
            aria-label={t('orderRule.className')}
            placeholder={t('orderRule.classNamePlaceholder')}
            onChange={(e) => changeClass(index, { name: e.target.value })}
          />
        </Form.Item>
        <Form.Item
          label={t('orderRule.share')}
          tooltip={t('orderRule.shareHint')}
          style={{ flex: '0 0 150px', marginBottom: 8 }}
          {...field(`classes.${index}.share`)}
        >
          <InputNumber
            value={c.share}
            min={1}
            max={10}
            precision={0}
            aria-label={t('orderRule.share')}
            suffix={`: ${ordinary}`}
            style={{ width: '100%' }}
            onChange={(value) => changeClass(index, { share: value })}
          />
        </Form.Item>
        <Form.Item label=" " colon={false} style={{ marginBottom: 8 }}>
          <Checkbox checked={c.first} onChange={(e) => changeClass(index, { first: e.target.checked })}>
            {t('orderRule.first')}
          </Checkbox>
        </Form.Item>
        <Form.Item label=" " colon={false} style={{ marginBottom: 8, marginInlineStart: 'auto' }}>
          <Button
            danger
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('orderRule.removeClass', { name: c.name || index + 1 })}
            onClick={() => change({ classes: form.classes.filter((_c, i) => i !== index) })}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        label={t('orderRule.products')}
        style={{ marginBottom: 8 }}
        {...field(`classes.${index}.product_ids`)}
      >
        <Select
          mode="multiple"
          value={c.product_ids}
          options={productOptions(index)}
          placeholder={t('orderRule.productsPlaceholder')}
          aria-label={t('orderRule.products')}
          optionFilterProp="label"
          onChange={(ids) => changeClass(index, { product_ids: ids })}
        />
      </Form.Item>
      <Flex gap={12} wrap align="center">
        <Checkbox
          checked={c.cap !== null}
          onChange={(e) =>
            changeClass(index, {
              cap: e.target.checked ? { max_percent: 25, of: 'loads', when_full: 'hold' } : null,
            })
          }
        >
          {t('orderRule.cap')}
        </Checkbox>
        {c.cap && (
          <>
            <Form.Item style={{ marginBottom: 0 }} {...field(`classes.${index}.cap`)}>
              <InputNumber
                value={c.cap.max_percent}
                min={1}
                max={99}
                precision={0}
                suffix="%"
                aria-label={t('orderRule.capPercent')}
                style={{ width: 96 }}
                onChange={(value) => changeClass(index, { cap: { ...c.cap!, max_percent: value } })}
              />
            </Form.Item>
            <Select
              value={c.cap.of}
              aria-label={t('orderRule.capOf')}
              style={{ minWidth: 170 }}
              popupMatchSelectWidth={false}
              options={[
                { value: 'loads', label: t('orderRule.capOfLoads') },
                { value: 'tonnes', label: t('orderRule.capOfTonnes') },
              ]}
              onChange={(of) => changeClass(index, { cap: { ...c.cap!, of } })}
            />
            <Select
              value={c.cap.when_full}
              aria-label={t('orderRule.whenFull')}
              style={{ minWidth: 220 }}
              popupMatchSelectWidth={false}
              options={[
                { value: 'hold', label: t('orderRule.whenFullHold') },
                { value: 'ask', label: t('orderRule.whenFullAsk') },
              ]}
              onChange={(when_full) => changeClass(index, { cap: { ...c.cap!, when_full } })}
            />
          </>
        )}
      </Flex>
    </div>
  );

  const shown = ruleOf(form);

  return (
    <Form layout="vertical" component="div" requiredMark={false}>
      <Flex vertical gap={16}>
        {failure && <Alert type="error" showIcon title={failure} />}
        {/* The rule's parts scroll; its summary and the buttons stay in view below them. */}
        <Flex
          vertical
          gap={16}
          style={{ maxHeight: 'calc(100vh - 360px)', minHeight: 120, overflowY: 'auto', paddingInlineEnd: 4 }}
        >
          <Radio.Group
            value={form.fifo ? 'fifo' : 'rule'}
            optionType="button"
            buttonStyle="solid"
            aria-label={t('orderRule.open')}
            onChange={(e) => change({ fifo: e.target.value === 'fifo' })}
            options={[
              { value: 'fifo', label: t('orderRule.fifo') },
              { value: 'rule', label: t('orderRule.byRule') },
            ]}
          />
          {form.fifo ? (
            <Typography.Text type="secondary">{t('orderRule.fifoHint')}</Typography.Text>
          ) : (
            <>
              {section(
                t('orderRule.classes'),
                t('orderRule.classesHint'),
                <>
                  {form.classes.map(classRow)}
                  {errors.classes && (
                    <Typography.Text type="danger">{errorText(errors.classes)}</Typography.Text>
                  )}
                  <Flex gap={12} wrap align="center">
                    <Button
                      icon={<PlusOutlined aria-hidden />}
                      disabled={form.classes.length >= MAX_CLASSES}
                      onClick={() => change({ classes: [...form.classes, newClass(form.classes)] })}
                    >
                      {t('orderRule.addClass')}
                    </Button>
                    {form.classes.length >= MAX_CLASSES && (
                      <Typography.Text type="secondary">
                        {t('orderRule.classesFull', { count: MAX_CLASSES })}
                      </Typography.Text>
                    )}
                  </Flex>
                </>,
              )}
              <Form.Item
                label={t('orderRule.ordinaryShare')}
                tooltip={t('orderRule.ordinaryShareHint')}
                style={{ marginBottom: 0 }}
                {...field('ordinary_share')}
              >
                <InputNumber
                  value={form.ordinary_share}
                  aria-label={t('orderRule.ordinaryShare')}
                  min={1}
                  max={10}
                  precision={0}
                  style={{ width: 120 }}
                  onChange={(value) => change({ ordinary_share: value })}
                />
              </Form.Item>
              <div style={box}>
                <Flex vertical gap={8}>
                  <Flex gap={12} wrap align="center">
                    <Checkbox
                      checked={form.maxWaitOn}
                      onChange={(e) => change({ maxWaitOn: e.target.checked })}
                    >
                      {t('orderRule.maxWait')}
                    </Checkbox>
                    {form.maxWaitOn && (
                      <Form.Item style={{ marginBottom: 0 }} {...field('max_wait')}>
                        <Flex gap={8} align="center">
                          <InputNumber
                            value={form.maxWaitHours}
                            min={0}
                            max={72}
                            precision={0}
                            suffix={t('orderRule.hoursUnit')}
                            aria-label={t('orderRule.maxWaitHours')}
                            style={{ width: 110 }}
                            onChange={(value) => change({ maxWaitHours: value })}
                          />
                          <InputNumber
                            value={form.maxWaitMinutes}
                            min={0}
                            max={59}
                            precision={0}
                            suffix={t('orderRule.minutesUnit')}
                            aria-label={t('orderRule.maxWaitMinutes')}
                            style={{ width: 110 }}
                            onChange={(value) => change({ maxWaitMinutes: value })}
                          />
                        </Flex>
                      </Form.Item>
                    )}
                  </Flex>
                  <Flex gap={12} wrap align="center">
                    <Checkbox checked={form.freshOn} onChange={(e) => change({ freshOn: e.target.checked })}>
                      {t('orderRule.fresh')}
                    </Checkbox>
                    {form.freshOn && (
                      <Form.Item style={{ marginBottom: 0 }} {...field('fresh')}>
                        <InputNumber
                          value={form.freshHours}
                          min={0.5}
                          max={72}
                          step={1}
                          precision={1}
                          suffix={t('orderRule.hoursUnit')}
                          aria-label={t('orderRule.freshHours')}
                          style={{ width: 120 }}
                          onChange={(value) => change({ freshHours: value })}
                        />
                      </Form.Item>
                    )}
                  </Flex>
                  {form.freshOn && (
                    <Form.Item style={{ marginBottom: 0, paddingInlineStart: 24 }} {...field('stale_first')}>
                      <Checkbox
                        checked={form.stale_first}
                        onChange={(e) => change({ stale_first: e.target.checked })}
                      >
                        {t('orderRule.staleFirst')}
                      </Checkbox>
                    </Form.Item>
                  )}
                  <Checkbox
                    checked={form.ask_reason}
                    onChange={(e) => change({ ask_reason: e.target.checked })}
                  >
                    {t('orderRule.askReason')}
                  </Checkbox>
                </Flex>
              </div>
            </>
          )}
        </Flex>
        <Alert
          type="info"
          title={
            <span>
              <Typography.Text strong>{t('orderRule.summaryLabel')}: </Typography.Text>
              <span data-testid="order-rule-summary">{ruleSummary(t, shown)}</span>
            </span>
          }
        />
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

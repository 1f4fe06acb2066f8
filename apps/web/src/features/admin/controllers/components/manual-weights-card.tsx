import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Flex, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MANUAL_WEIGHT_ROLE_CHOICES, type ManualWeightRole } from '@truck-queue/shared/queue/weighing';
import { errorMessage } from '../../../../lib/errors.ts';
import { useSavedMessage } from '../../catalog/components/use-catalog-feedback.ts';
import { useManualWeights, useSaveManualWeights } from '../api/use-manual-weights.ts';

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

/**
 * Who may type a weight by hand (with a reason) instead of capturing it from a scale: admins
 * always, and the weighing roles the admin ticks here. Typed weights are marked everywhere.
 */
export function ManualWeightsCard() {
  const { t } = useTranslation();
  const saved = useSavedMessage();
  const allowed = useManualWeights();
  const save = useSaveManualWeights();
  const [draft, setDraft] = useState<ManualWeightRole[] | null>(null);
  const chosen = draft ?? allowed.data ?? [];
  const changed = allowed.data !== undefined && !sameRoles(chosen, allowed.data);

  return (
    <Card
      title={t('admin.devices.scale.manual.title')}
      loading={allowed.isPending}
      data-testid="manual-weights-card"
    >
      <Typography.Paragraph type="secondary">
        {t('admin.devices.scale.manual.description')}
      </Typography.Paragraph>
      {allowed.isError && <Alert type="error" showIcon title={errorMessage(t, allowed.error)} />}
      {save.isError && (
        <Alert type="error" showIcon title={errorMessage(t, save.error)} style={{ marginBottom: 16 }} />
      )}
      <Flex gap={16} wrap align="center">
        <Checkbox checked disabled>
          {t('admin.devices.scale.manual.admins')}
        </Checkbox>
        <Checkbox.Group<ManualWeightRole>
          value={chosen}
          onChange={(roles) => setDraft(roles)}
          aria-label={t('admin.devices.scale.manual.title')}
          options={MANUAL_WEIGHT_ROLE_CHOICES.map((role) => ({
            value: role,
            label: <span data-testid={`manual-role-${role}`}>{t(`admin.roles.${role}`)}</span>,
          }))}
        />
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={save.isPending}
          disabled={!changed}
          onClick={() =>
            save.mutate(chosen, {
              onSuccess: () => {
                setDraft(null);
                saved();
              },
            })
          }
          data-testid="manual-weights-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Card>
  );
}

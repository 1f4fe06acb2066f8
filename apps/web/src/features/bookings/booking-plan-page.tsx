import { useState } from 'react';
import { Alert, Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors.ts';
import { readBranch } from '../../lib/session.ts';
import { useAccess } from '../auth/api/use-access.ts';
import { useSavedMessage } from '../admin/catalog/components/use-catalog-feedback.ts';
import { useBookingPlan, useSaveBookingRules } from './api/use-bookings.ts';
import { BookingLineCard } from './booking-line-card.tsx';
import { BookingRulesCard } from './booking-rules-card.tsx';

/** The plant day's start (minutes after midnight) of the officer's branch: windows count from it. */
export function useDayStartMinutes(): number {
  const access = useAccess();
  return access.data?.officer.branch.day_start_minutes ?? readBranch()?.day_start_minutes ?? 0;
}

/**
 * /System/bookingPlan (issue 39): the branch's booking rules, and per line its capacity a day
 * and per window, the walk-ins' share and its closed days.
 */
export function BookingPlanPage() {
  const { t } = useTranslation();
  const query = useBookingPlan();
  const saveRules = useSaveBookingRules();
  const saved = useSavedMessage();
  const dayStart = useDayStartMinutes();
  const [rulesFailure, setRulesFailure] = useState<string | null>(null);
  const lines = query.data?.lines ?? [];

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('bookings.plan.description')}</Typography.Text>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('bookings.plan.loadFailed')}
          description={errorMessage(t, query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('catalog.common.retry')}
            </Button>
          }
        />
      )}
      <BookingRulesCard
        rules={query.data?.rules}
        saving={saveRules.isPending}
        failure={rulesFailure}
        onSave={(rules) => {
          setRulesFailure(null);
          saveRules.mutate(rules, {
            onSuccess: saved,
            onError: (error) => setRulesFailure(errorMessage(t, error)),
          });
        }}
      />
      {lines.map((line) => (
        <BookingLineCard key={line.id_branchQT} line={line} dayStartMinutes={dayStart} />
      ))}
      {query.data && lines.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookings.plan.noLines')} />
      )}
    </Flex>
  );
}

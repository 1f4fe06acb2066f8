import { useState } from 'react';
import { Alert, App, Button, Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Reason, YardSettingsWire } from '@truck-queue/shared/contracts/yard.contract';
import { REASON_KINDS, type ReasonKind } from '@truck-queue/shared/queue/yard-rules';
import { errorMessage } from '../../lib/errors.ts';
import { useBranchQueueTypes } from './catalog/api/use-branch-queue-types.ts';
import { useSavedMessage } from './catalog/components/use-catalog-feedback.ts';
import { useDialog } from './catalog/components/use-dialog.ts';
import { useSaveReason } from './yard/api/use-save-reason.ts';
import { useSaveYardSettings } from './yard/api/use-save-yard-settings.ts';
import { useYardSettings } from './yard/api/use-yard-settings.ts';
import { NoShowCard } from './yard/components/no-show-card.tsx';
import { BrowserVoiceCard } from './yard/components/browser-voice-card.tsx';
import { CalendarCard } from './yard/components/calendar-card.tsx';
import { PlantDayCard } from './yard/components/plant-day-card.tsx';
import { PlatesCard } from './yard/components/plates-card.tsx';
import { SeasonCard } from './yard/components/season-card.tsx';
import { ProvinceCard } from './yard/components/province-card.tsx';
import { ReasonFormDialog } from './yard/components/reason-form-dialog.tsx';
import { ReasonListCard } from './yard/components/reason-list-card.tsx';
import {
  CalendarLanguagesCard,
  LanguageCard,
  RememberCard,
} from './yard/components/signin-language-cards.tsx';
import { nextSort, reasonsOfKind } from './yard/reason-rules.ts';

/**
 * /System/yardRules: the branch's reason lists (why a load is sent to recheck or rejected, why a
 * ticket is voided), its no-show rule, when its working day starts, its harvest season, the year its dates are written in (and in which languages), the language its screens start in, whether "remember me" starts ticked, whether public screens mask plates and the voice its displays speak with. Officers pick from these lists in the calling dialog.
 */
export function YardRulesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useYardSettings();
  const queueTypes = useBranchQueueTypes();
  const saveReason = useSaveReason();
  const saveSettings = useSaveYardSettings();
  const saved = useSavedMessage();
  const editor = useDialog<{ kind: ReasonKind; reason: Reason | undefined }>();
  const [toggling, setToggling] = useState<number | null>(null);
  const [settingsFailure, setSettingsFailure] = useState<string | null>(null);
  const [dayStartFailure, setDayStartFailure] = useState<string | null>(null);
  const [calendarFailure, setCalendarFailure] = useState<string | null>(null);
  const [platesFailure, setPlatesFailure] = useState<string | null>(null);
  const [voiceFailure, setVoiceFailure] = useState<string | null>(null);
  const [seasonFailure, setSeasonFailure] = useState<string | null>(null);
  const [calendarLanguagesFailure, setCalendarLanguagesFailure] = useState<string | null>(null);
  const [languageFailure, setLanguageFailure] = useState<string | null>(null);
  const [rememberFailure, setRememberFailure] = useState<string | null>(null);
  const [provinceFailure, setProvinceFailure] = useState<string | null>(null);

  /** One setting card's save: the rules as loaded with its change, its own failure line. */
  const saveRule = (change: Partial<YardSettingsWire>, setFailure: (failure: string | null) => void) => {
    const current = query.data?.settings;
    if (!current) return;
    setFailure(null);
    saveSettings.mutate(
      { ...current, ...change },
      { onSuccess: saved, onError: (error) => setFailure(errorMessage(t, error)) },
    );
  };
  const reasons = query.data?.reasons ?? [];
  const editing = editor.subject;
  const types = queueTypes.data ?? [];
  const typeNames = new Map(types.map((type) => [type.id, `${type.queue_type_name} (${type.prefix})`]));

  const toggle = (reason: Reason) => {
    setToggling(reason.id);
    saveReason
      .mutateAsync({
        id: reason.id,
        kind: reason.kind,
        name: reason.name,
        sort: reason.sort,
        active: !reason.active,
      })
      .then(() => saved())
      .catch((error: unknown) => void message.error(errorMessage(t, error)))
      .finally(() => setToggling(null));
  };

  return (
    <Flex vertical gap={16}>
      {/* The top bar carries the page's title; this says what the page is for. */}
      <Typography.Text type="secondary">{t('yard.rules.description')}</Typography.Text>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('yard.rules.loadFailed')}
          description={errorMessage(t, query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('catalog.common.retry')}
            </Button>
          }
        />
      )}
      <PlantDayCard
        dayStart={query.data?.settings.day_start_minutes}
        saving={saveSettings.isPending}
        failure={dayStartFailure}
        onSave={(dayStartMinutes) => saveRule({ day_start_minutes: dayStartMinutes }, setDayStartFailure)}
      />
      <CalendarCard
        calendar={query.data?.settings.calendar}
        saving={saveSettings.isPending}
        failure={calendarFailure}
        onSave={(calendar) => saveRule({ calendar }, setCalendarFailure)}
      />
      <SeasonCard
        season={
          query.data && { start: query.data.settings.season_start, finish: query.data.settings.season_finish }
        }
        saving={saveSettings.isPending}
        failure={seasonFailure}
        onSave={(season) =>
          saveRule({ season_start: season.start, season_finish: season.finish }, setSeasonFailure)
        }
      />
      <CalendarLanguagesCard
        calendar={query.data?.settings.calendar}
        saved={query.data?.settings.calendar_all_languages}
        saving={saveSettings.isPending}
        failure={calendarLanguagesFailure}
        onSave={(every) => saveRule({ calendar_all_languages: every }, setCalendarLanguagesFailure)}
      />
      <LanguageCard
        saved={query.data?.settings.language}
        saving={saveSettings.isPending}
        failure={languageFailure}
        onSave={(language) => saveRule({ language }, setLanguageFailure)}
      />
      <RememberCard
        saved={query.data?.settings.remember_default}
        saving={saveSettings.isPending}
        failure={rememberFailure}
        onSave={(remember) => saveRule({ remember_default: remember }, setRememberFailure)}
      />
      <PlatesCard
        maskPlates={query.data?.settings.mask_plates}
        saving={saveSettings.isPending}
        failure={platesFailure}
        onSave={(maskPlates) => saveRule({ mask_plates: maskPlates }, setPlatesFailure)}
      />
      <BrowserVoiceCard
        prefer={query.data?.settings.prefer_browser_voice}
        saving={saveSettings.isPending}
        failure={voiceFailure}
        onSave={(prefer) => saveRule({ prefer_browser_voice: prefer }, setVoiceFailure)}
      />
      <ProvinceCard
        province={query.data ? (query.data.settings.province ?? '') : undefined}
        saving={saveSettings.isPending}
        failure={provinceFailure}
        onSave={(province) => saveRule({ province: province || null }, setProvinceFailure)}
      />
      <NoShowCard
        settings={query.data?.settings}
        saving={saveSettings.isPending}
        failure={settingsFailure}
        onSave={(settings) => {
          setSettingsFailure(null);
          // The no-show form sends its own two settings: the server keeps every other.
          const { no_show_after_recalls, no_show_policy } = settings;
          saveSettings.mutate(
            { no_show_after_recalls, no_show_policy },
            {
              onSuccess: saved,
              onError: (error) => setSettingsFailure(errorMessage(t, error)),
            },
          );
        }}
      />
      <Row gutter={[16, 16]}>
        {REASON_KINDS.map((kind) => (
          <Col key={kind} xs={24} xl={8}>
            <ReasonListCard
              kind={kind}
              reasons={reasonsOfKind(reasons, kind)}
              queueTypeNames={typeNames}
              loading={query.isPending}
              busyId={toggling}
              onAdd={() => editor.show({ kind, reason: undefined })}
              onEdit={(reason) => editor.show({ kind, reason })}
              onToggle={toggle}
            />
          </Col>
        ))}
      </Row>
      {editing && (
        <ReasonFormDialog
          key={`${editing.kind}-${editing.reason?.id ?? 'new'}`}
          open={editor.open}
          kind={editing.kind}
          editing={editing.reason}
          reasons={reasons}
          defaultSort={nextSort(reasons, editing.kind)}
          queueTypes={types}
          saving={saveReason.isPending}
          onSave={({ name, sort, queueTypeIds }) =>
            saveReason
              .mutateAsync({
                ...(editing.reason ? { id: editing.reason.id } : {}),
                kind: editing.kind,
                name,
                sort,
                active: editing.reason?.active ?? true,
                queue_type_ids: queueTypeIds,
              })
              .then(() => {
                saved();
                editor.hide();
              })
          }
          onClose={editor.hide}
        />
      )}
    </Flex>
  );
}

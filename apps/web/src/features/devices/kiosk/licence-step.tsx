import { useState } from 'react';
import { Button, theme } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseCircleOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LICENCE_MAX, visibleLength } from '@truck-queue/shared/licence';
import { MAX_PLATES, PLATE_NUMBER_MAX } from '@truck-queue/shared/plates';
import type { DeviceCredentials } from '../../../lib/api-client.ts';
import {
  addTrailer,
  changePlate,
  checkDraft,
  draftFromLicence,
  draftLicence,
  removeTrailer,
  switchMode,
  typedSoFar,
  type LicenceProblem,
  type PlateDraft,
} from '../../plates/plate-draft.ts';
import { PlatesText } from '../../plates/plates-text.tsx';
import type { KeypadTab } from './keypad-panel.tsx';
import { KeypadPanel } from './keypad-panel.tsx';
import { numberFieldId, PlateRows } from './plate-rows.tsx';
import { PlateSuggestions } from './plate-suggestions.tsx';
import { ProvincePicker, SEARCH_ID } from './province-picker.tsx';
import { FREE_ID, FreeLicenceInput } from './free-licence-input.tsx';
import { StepHeading } from './step-heading.tsx';
import { useKeypadTarget, type KeypadField } from './use-keypad-target.ts';

/** Enough for any province's name, Thai or romanised. */
const PROVINCE_SEARCH_MAX = 30;

/**
 * Step 3: the truck's licence. As plates: each plate's number on the keypad (or a keyboard) and
 * its province from a picker, a trailer's plate if it pulls one; or typed freely. Recent plates
 * of the branch that start with what was typed are offered as big buttons.
 */
export function LicenceStep({
  plate,
  device,
  home,
  onChange,
  onNext,
  onBack,
}: {
  plate: PlateDraft;
  device: DeviceCredentials;
  /** The plant's province: its picker lists it and its neighbours first. */
  home: string | null;
  onChange: (plate: PlateDraft) => void;
  onNext: (licence: string) => void;
  onBack: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const problemWords = (problem: LicenceProblem): string => {
    switch (problem) {
      case 'empty':
        return t('kiosk.licence.errors.empty');
      case 'numberMissing':
        return t('kiosk.licence.errors.numberMissing');
      case 'tooLong':
        return t('kiosk.licence.errors.tooLong', { max: LICENCE_MAX });
      case 'startsLikeFormula':
        return t('kiosk.licence.errors.startsLikeFormula');
      case 'invalid':
        return t('kiosk.licence.errors.invalid');
    }
  };
  const [problem, setProblem] = useState<LicenceProblem | null>(null);
  const [tab, setTab] = useState<KeypadTab>('thai');
  const [numberIndex, setNumberIndex] = useState(0);
  /** The plate whose province is being chosen, or null. */
  const [picking, setPicking] = useState<number | null>(null);
  const [provinceSearch, setProvinceSearch] = useState('');

  const plates = plate.mode === 'parts' ? plate.plates : [];
  const activeIndex = Math.min(numberIndex, Math.max(plates.length - 1, 0));
  const edit = (next: PlateDraft) => {
    setProblem(null);
    onChange(next);
  };

  const active: KeypadField =
    picking !== null
      ? { id: SEARCH_ID, value: provinceSearch, max: PROVINCE_SEARCH_MAX, set: setProvinceSearch }
      : plate.mode === 'free'
        ? { id: FREE_ID, value: plate.text, max: LICENCE_MAX, set: (text) => edit({ mode: 'free', text }) }
        : {
            id: numberFieldId(activeIndex),
            value: plates[activeIndex]?.number ?? '',
            max: PLATE_NUMBER_MAX,
            set: (number) => edit(changePlate(plate, activeIndex, { number })),
          };
  const keypad = useKeypadTarget(active);

  const openPicker = (index: number) => {
    setProvinceSearch('');
    setTab(i18n.language.startsWith('th') ? 'thai' : 'latin');
    setPicking(index);
  };
  const choose = (province: string) => {
    if (picking === null) return;
    edit(changePlate(plate, picking, { province }));
    setNumberIndex(picking);
    setPicking(null);
  };

  const submit = () => {
    const check = checkDraft(plate);
    if (!check.ok) {
      setProblem(check.problem);
      return;
    }
    onNext(check.licence);
  };

  const licence = draftLicence(plate);
  const problemText = problem ? problemWords(problem) : null;

  if (picking !== null) {
    return (
      <>
        <ProvincePicker
          trailer={picking > 0}
          home={home}
          search={provinceSearch}
          selected={plates[picking]?.province ?? ''}
          searchInput={keypad}
          onSearch={setProvinceSearch}
          onChoose={choose}
        />
        <KeypadPanel tab={tab} onTab={setTab} onPress={(key) => keypad.press(key)} digits={false} />
        <div className="tqk-actions">
          <Button
            className="tqk-big"
            size="large"
            icon={<ArrowLeftOutlined />}
            onClick={() => setPicking(null)}
          >
            {t('kiosk.nav.back')}
          </Button>
          <Button
            className="tqk-big"
            size="large"
            icon={<CloseCircleOutlined />}
            onClick={() => choose('')}
            data-testid="kiosk-no-province"
          >
            {t('plates.noProvince')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <StepHeading
        title={t('kiosk.licence.title')}
        hint={plate.mode === 'parts' ? t('kiosk.licence.hintParts') : t('kiosk.licence.hint')}
      />
      {plate.mode === 'parts' ? (
        <PlateRows
          plates={plates}
          activeIndex={activeIndex}
          invalid={problem !== null}
          keypad={keypad}
          onFocusNumber={setNumberIndex}
          onNumber={(index, number) => edit(changePlate(plate, index, { number }))}
          onPickProvince={openPicker}
          onEnter={submit}
          onRemoveTrailer={() => {
            setNumberIndex(0);
            edit(removeTrailer(plate));
          }}
        />
      ) : (
        <FreeLicenceInput
          text={plate.text}
          invalid={problem !== null}
          keypad={keypad}
          onText={(text) => edit({ mode: 'free', text })}
          onEnter={submit}
        />
      )}
      <div className="tqk-licence-meta" style={{ color: token.colorTextSecondary }}>
        {plate.mode === 'parts' && plates.length < MAX_PLATES && (
          <Button
            className="tqk-meta-button"
            size="large"
            icon={<PlusOutlined />}
            onClick={() => {
              edit(addTrailer(plate));
              setNumberIndex(plates.length);
            }}
          >
            {t('plates.addTrailer')}
          </Button>
        )}
        {problemText ? (
          <span role="alert" className="tqk-licence-problem" style={{ color: token.colorErrorText }}>
            {problemText}
          </span>
        ) : (
          <span className="tqk-licence-preview" data-testid="kiosk-licence-preview">
            {plate.mode === 'parts' && licence !== '' && (
              <>
                {t('plates.savedAs')}{' '}
                <strong style={{ color: token.colorText }}>
                  <PlatesText licence={licence} />
                </strong>
              </>
            )}
          </span>
        )}
        {/* Plates always fit the limit; typed freely, the count says how much is left. */}
        {plate.mode === 'free' && (
          <span className="tqk-licence-count" data-testid="kiosk-licence-count">
            {t('kiosk.licence.count', { n: visibleLength(licence), max: LICENCE_MAX })}
          </span>
        )}
        <Button
          className="tqk-meta-button"
          size="large"
          icon={plate.mode === 'parts' ? <EditOutlined /> : <EnvironmentOutlined />}
          data-testid="kiosk-plate-mode"
          onClick={() => edit(switchMode(plate, plate.mode === 'parts' ? 'free' : 'parts'))}
        >
          {plate.mode === 'parts' ? t('plates.modeFree') : t('plates.modeParts')}
        </Button>
      </div>
      {/* A truck pulling a trailer has filled in more than a suggestion would: they make room for the keypad. */}
      {plates.length < 2 && (
        <PlateSuggestions
          typed={typedSoFar(plate)}
          device={device}
          current={licence}
          onChoose={(chosen) => {
            setNumberIndex(0);
            edit(draftFromLicence(chosen));
          }}
        />
      )}
      <KeypadPanel tab={tab} onTab={setTab} onPress={(key) => keypad.press(key)} />
      <div className="tqk-actions">
        <Button className="tqk-big" size="large" icon={<ArrowLeftOutlined />} onClick={onBack}>
          {t('kiosk.nav.back')}
        </Button>
        <Button
          className="tqk-big"
          size="large"
          type="primary"
          icon={<ArrowRightOutlined />}
          iconPlacement="end"
          onClick={submit}
          data-testid="kiosk-licence-next"
        >
          {t('kiosk.nav.next')}
        </Button>
      </div>
    </>
  );
}

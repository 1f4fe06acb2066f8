import { Button, Input, theme } from 'antd';
import { DeleteOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PLATE_NUMBER_MAX, type PlatePart } from '@truck-queue/shared/plates';
import { provinceByName } from '@truck-queue/shared/provinces';
import { visibleCount } from '../../plates/licence-count.ts';
import { provinceName } from '../../plates/province-names.ts';
import type { KeypadInputs } from './use-keypad-target.ts';

/** The id of a plate's number among the fields the keypad types into. */
export const numberFieldId = (index: number) => `number-${index}`;

/**
 * The plates being entered: per plate its number (a real input the keypad types into) and a big
 * province button that opens the picker; the trailer's plate can be taken off again.
 */
export function PlateRows({
  plates,
  activeIndex,
  invalid,
  keypad,
  onFocusNumber,
  onNumber,
  onPickProvince,
  onRemoveTrailer,
  onEnter,
}: {
  plates: PlatePart[];
  /** The plate whose number the keypad types into. */
  activeIndex: number;
  invalid: boolean;
  keypad: KeypadInputs;
  onFocusNumber: (index: number) => void;
  onNumber: (index: number, number: string) => void;
  onPickProvince: (index: number) => void;
  onRemoveTrailer: () => void;
  onEnter: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div className={plates.length > 1 ? 'tqk-plates tqk-plates-pair' : 'tqk-plates'}>
      {plates.map((plate, index) => {
        const id = numberFieldId(index);
        const province = provinceByName(plate.province);
        const active = index === activeIndex;
        return (
          <div key={index} className="tqk-plate" data-testid={`kiosk-plate-${index}`}>
            {plates.length > 1 && (
              <span className="tqk-plate-caption" style={{ color: token.colorTextSecondary }}>
                {index === 0 ? t('plates.tractor') : t('plates.trailer')}
              </span>
            )}
            <div className="tqk-plate-row">
              <Input
                ref={(input) => keypad.register(id, input)}
                className="tqk-plate-input"
                data-testid={`kiosk-plate-number-${index}`}
                aria-label={index === 0 ? t('plates.number.tractor') : t('plates.number.trailer')}
                aria-invalid={invalid}
                placeholder={t('plates.numberPlaceholder')}
                value={plate.number}
                status={invalid ? 'error' : undefined}
                style={active ? { borderColor: token.colorPrimary, boxShadow: token.boxShadowTertiary } : {}}
                autoComplete="off"
                autoCorrect="off"
                autoCapitalize="characters"
                spellCheck={false}
                count={visibleCount(PLATE_NUMBER_MAX)}
                onFocus={() => onFocusNumber(index)}
                onSelect={(event) => keypad.remember(id, event.currentTarget)}
                onChange={(event) => {
                  keypad.remember(id, event.target);
                  onNumber(index, event.target.value.toUpperCase());
                }}
                onPressEnter={onEnter}
              />
              <Button
                className="tqk-province-button"
                data-testid={`kiosk-plate-province-${index}`}
                icon={<EnvironmentOutlined aria-hidden />}
                aria-label={index === 0 ? t('plates.provinceOf.tractor') : t('plates.provinceOf.trailer')}
                onClick={() => onPickProvince(index)}
                style={
                  province ? { borderColor: token.colorPrimaryBorder } : { color: token.colorTextSecondary }
                }
              >
                {province ? provinceName(province, i18n.language) : t('kiosk.licence.chooseProvince')}
              </Button>
              {/* The tractor's row keeps the trailer's remove button's place, so the two rows line up. */}
              {index === 0 && plates.length > 1 && <span className="tqk-plate-remove-place" aria-hidden />}
              {index > 0 && (
                <Button
                  className="tqk-plate-remove"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('plates.removeTrailer')}
                  onClick={onRemoveTrailer}
                />
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

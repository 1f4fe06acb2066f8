import { Input, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { nearbyFirst } from '@truck-queue/shared/province-neighbours';
import { findProvinces, provinceName } from '../../plates/province-names.ts';
import type { KeypadInputs } from './use-keypad-target.ts';

/** The search box's id among the fields the keypad types into. */
export const SEARCH_ID = 'province';

/**
 * The province of one plate, chosen from a grid of big buttons that the letters typed on the
 * keypad (or a keyboard) narrow down: "นคร" leaves the six นคร… provinces, "ayu" Ayutthaya. The
 * plant's own province and its neighbours come first (most trucks are from near the plant).
 */
export function ProvincePicker({
  trailer,
  home,
  search,
  selected,
  searchInput,
  onSearch,
  onChoose,
}: {
  /** The trailer's plate (not the tractor's). */
  trailer: boolean;
  /** The province the plant stands in (its branch's setting), or null. */
  home: string | null;
  search: string;
  /** The province's Thai name the plate has now ('' for none). */
  selected: string;
  /** Binds the search box to the keypad. */
  searchInput: KeypadInputs;
  onSearch: (text: string) => void;
  onChoose: (province: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const found = nearbyFirst(findProvinces(search, i18n.language), home);
  const thai = i18n.language.startsWith('th');
  return (
    <div className="tqk-picker" data-testid="kiosk-province-picker">
      <h2 className="tqk-picker-title" style={{ color: token.colorText }}>
        {trailer ? t('kiosk.licence.provinceTitle.trailer') : t('kiosk.licence.provinceTitle.tractor')}
      </h2>
      <Input
        ref={(input) => searchInput.register(SEARCH_ID, input)}
        className="tqk-picker-search"
        data-testid="kiosk-province-search"
        aria-label={t('plates.searchProvince')}
        placeholder={t('kiosk.licence.provinceSearch')}
        prefix={<SearchOutlined aria-hidden />}
        value={search}
        autoComplete="off"
        spellCheck={false}
        onSelect={(event) => searchInput.remember(SEARCH_ID, event.currentTarget)}
        onChange={(event) => {
          searchInput.remember(SEARCH_ID, event.target);
          onSearch(event.target.value);
        }}
      />
      <div className="tqk-province-grid" role="group" aria-label={t('plates.province')}>
        {found.map((province) => {
          const chosen = province.th === selected;
          return (
            <button
              key={province.th}
              type="button"
              className="tqk-province-choice"
              aria-pressed={chosen}
              onClick={() => onChoose(province.th)}
              style={{
                background: chosen ? token.colorPrimaryBg : token.colorBgContainer,
                color: token.colorText,
                borderColor: chosen ? token.colorPrimary : token.colorBorder,
              }}
            >
              <span className="tqk-province-name">{provinceName(province, i18n.language)}</span>
              {!thai && (
                <span className="tqk-province-thai" style={{ color: token.colorTextSecondary }}>
                  {province.th}
                </span>
              )}
            </button>
          );
        })}
        {found.length === 0 && (
          <p className="tqk-picker-empty" style={{ color: token.colorTextSecondary }}>
            {t('plates.noProvinceFound')}
          </p>
        )}
      </div>
    </div>
  );
}
